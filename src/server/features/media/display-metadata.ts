import type { Sharp } from 'sharp';

/*
 * Who made a published picture and who holds its copyright, written into its bytes: as XMP (the
 * IPTC Core properties dc:creator and dc:rights, which IPTC-aware tools read) and as EXIF's
 * Artist and Copyright, so a copy saved from the page still says whose work it is.
 */

export interface DisplayMetadata {
  creator: string;
  copyright: string;
}

function xmlText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The XMP packet naming the creator and the copyright notice. */
export function xmpPacketOf({ creator, copyright }: DisplayMetadata): string {
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"',
    ' xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/" xmpRights:Marked="True">',
    `<dc:creator><rdf:Seq><rdf:li>${xmlText(creator)}</rdf:li></rdf:Seq></dc:creator>`,
    `<dc:rights><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(copyright)}</rdf:li></rdf:Alt></dc:rights>`,
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('');
}

/** The pipeline, writing the creator and copyright into what it outputs (none: unchanged). */
export function withDisplayMetadata(image: Sharp, metadata: DisplayMetadata | undefined): Sharp {
  if (!metadata) return image;
  return image
    .withExif({ IFD0: { Artist: metadata.creator, Copyright: metadata.copyright } })
    .withXmp(xmpPacketOf(metadata));
}
