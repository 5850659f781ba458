/*
 * The starting Markdown of the static pages (PRODUCT.md point 12); admins edit them in site
 * settings. The terms carry the seed's constants (§9 "Terms").
 */

export const DEFAULT_ABOUT_MARKDOWN = `White Stroke International Art Space is a home for artists of every age and from every country.

We run painting, drawing and illustration competitions throughout the year, judged by practising artists and art educators, and we exhibit winning works in our gallery and online.

## What we believe

- **Every artist deserves an audience.** A child's first watercolour and a professional's portfolio are judged with the same care.
- **Fair judging.** Entries are reviewed on their merit, against criteria published with each competition.
- **Open to the world.** Anyone can take part from their phone, wherever they live.

## Take part

Browse the open competitions on the home page, read the rules of the one you like, and register with your artwork. Questions? Write to us from the Contact page.`;

export const DEFAULT_PRIVACY_MARKDOWN = `This policy explains what we collect when you use this website and register for a competition, and what we do with it.

## What we collect

- The details you enter when you register: name, age, gender, e-mail address, phone number, postal address and pincode.
- Your photo and the images and links of your artwork.
- Payment records for paid entries. Card and bank details are handled by our payment provider, Razorpay, and never reach our servers.

## How we use it

- To review your entry, contact you about it and announce results.
- To send you e-mail about your registration, your payment and your result.
- To exhibit winning works, credited to their artists.

We do not sell your information. Photos and artwork files are visible only to our staff until a work is chosen for exhibition.

## How long we keep it

- Your entries, their details and files: for as long as the competition's results are shown, and until you ask us to erase them.
- Payment records, receipts and credit notes: eight years, as India's tax law requires. When you ask to be erased we keep them without your name.
- E-mails we sent you: for as long as the entry they are about.

## Your choices

- Sign in on My entries with your e-mail address to see, correct or withdraw your entries before the close.
- "Download my data" there gives you everything we hold about you, with your files, as one ZIP file.
- "Erase my data" asks us to erase you. We complete it within 30 days: entries still open are withdrawn, finished ones keep their result with "Name withheld at the artist's request", your details and files are deleted, and the payment records keep no name.

You may also write to us from the Contact page.`;

export const DEFAULT_TERMS_MARKDOWN = `By registering for a competition you agree to these terms.

## Eligibility

- Participants must be aged 2 and above.
- Each competition may set its own age groups, themes and rules; those are published on its page.

## Entries

- Every entry must be the participant's own original work.
- Entries are reviewed by our judges, and their decisions are final.
- We may exhibit and publish winning works, always crediting the artist.

## Results

- Results are announced by e-mail and on this website.
- Winners will be contacted within 3 days of the results being announced.

## Fees and refunds

- Entry fees are non-refundable unless stated otherwise on the competition's page.
- Where a refund is due, it is processed within 7-10 days.`;

export const DEFAULT_PAYMENT_POLICY_MARKDOWN = `Paid entries are paid online through Razorpay, a payment provider regulated in India.

## How payment works

- Fees are charged in Indian rupees (INR), for the amount shown on the competition's page.
- You can pay with the cards, UPI, net banking and wallets that Razorpay offers at checkout.
- Your card and bank details are handled by Razorpay and never reach our servers.
- Your registration is confirmed once we receive Razorpay's confirmation of your payment.

## Failed or interrupted payments

If money leaves your account but the payment does not complete, your bank or Razorpay returns it automatically. If your registration shows as unpaid after a successful payment, write to us from the Contact page with your registration reference.

## Refunds

Entry fees are non-refundable unless stated otherwise on the competition's page. Where a refund is due, it is processed within 7-10 days to the account you paid from.`;
