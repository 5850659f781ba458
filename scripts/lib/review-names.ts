/** The names, places and mediums the review's generated submissions are made of. */

/** [Latin, Devanagari]: the e-mail address is always in Latin letters. */
export const FIRST_NAMES: [string, string][] = [
  ['Aarav', 'आरव'],
  ['Ananya', 'अनन्या'],
  ['Arjun', 'अर्जुन'],
  ['Diya', 'दिया'],
  ['Ishaan', 'ईशान'],
  ['Kavya', 'काव्या'],
  ['Rohan', 'रोहन'],
  ['Saanvi', 'सान्वी'],
  ['Vihaan', 'विहान'],
  ['Priya', 'प्रिया'],
  ['Aditya', 'आदित्य'],
  ['Meera', 'मीरा'],
  ['Karan', 'करण'],
  ['Neha', 'नेहा'],
  ['Rahul', 'राहुल'],
  ['Asha', 'आशा'],
  ['Vikram', 'विक्रम'],
  ['Pooja', 'पूजा'],
  ['Siddharth', 'सिद्धार्थ'],
  ['Lakshmi', 'लक्ष्मी'],
];
export const SURNAMES: [string, string][] = [
  ['Sharma', 'शर्मा'],
  ['Verma', 'वर्मा'],
  ['Kumar', 'कुमार'],
  ['Rao', 'राव'],
  ['Iyer', 'अय्यर'],
  ['Patel', 'पटेल'],
  ['Gupta', 'गुप्ता'],
  ['Singh', 'सिंह'],
  ['Reddy', 'रेड्डी'],
  ['Nair', 'नायर'],
  ['Das', 'दास'],
  ['Joshi', 'जोशी'],
  ['Mehta', 'मेहता'],
  ['Banerjee', 'बनर्जी'],
  ['Chauhan', 'चौहान'],
  ['Kulkarni', 'कुलकर्णी'],
  ['Pillai', 'पिल्लै'],
  ['Menon', 'मेनन'],
  ['Yadav', 'यादव'],
  ['Bhat', 'भट'],
];
export const DOMAINS = [
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'yahoo.co.in',
  'outlook.com',
  'rediffmail.com',
];
export const CITIES: [string, string][] = [
  ['Pune', '411001'],
  ['Mumbai', '400001'],
  ['New Delhi', '110001'],
  ['Bengaluru', '560001'],
  ['Kolkata', '700001'],
  ['Jaipur', '302001'],
];
export const MEDIUMS = ['Watercolour', 'Acrylic', 'Oil on canvas', 'Pencil', 'Charcoal', 'Digital'];
