/*
 * The personal-data feature's front door: an artist's data as one ZIP, and erasure requests. No
 * other feature needs it yet; it is a sink, like the demo.
 */

export { completeErasure, listErasureRequests } from './erasure.ts';
