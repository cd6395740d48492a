/**
 * The words of the demo catalogue: taxonomy, brands (invented), and for each
 * sub-category the item types, prices, selling lines and description sentences that
 * catalogue.ts and bulk.ts combine into products. Plain data, no logic.
 */
import type { FeedAgeGroup, FeedGender } from '@shop/shared';
import type { ArtKind, ArtTheme } from './art.ts';

export interface CategorySpec {
  name: string;
  slug: string;
  theme: ArtTheme;
  /** The art kind whose first picture becomes the category's image. */
  cover: ArtKind;
  colours: string[];
  /** What the catalogue feeds say of the category's products (Google's taxonomy numbers). */
  feed: { gender?: FeedGender; ageGroup?: FeedAgeGroup; googleProductCategory: string };
}

export const CATEGORIES: CategorySpec[] = [
  {
    name: 'Women',
    slug: 'women',
    theme: 'women',
    cover: 'maxi-dress',
    colours: ['Indigo', 'Burnt Orange', 'Emerald', 'Mustard', 'Wine', 'Ivory', 'Teal', 'Coral', 'Fuchsia', 'Black'],
    // Apparel & Accessories > Clothing
    feed: { gender: 'female', ageGroup: 'adult', googleProductCategory: '1604' },
  },
  {
    name: 'Men',
    slug: 'men',
    theme: 'men',
    cover: 'kaftan',
    colours: ['Indigo', 'Forest Green', 'Rust', 'Charcoal', 'Sand', 'Navy', 'Wine', 'Cream', 'Royal Blue'],
    feed: { gender: 'male', ageGroup: 'adult', googleProductCategory: '1604' },
  },
  {
    name: 'Beauty',
    slug: 'beauty',
    theme: 'beauty',
    cover: 'dropper',
    colours: ['Natural', 'Amber', 'Rose', 'Cocoa', 'Berry', 'Nude', 'Clear', 'Gold'],
    // Health & Beauty > Personal Care > Cosmetics: neither gender nor age group is asked of it
    feed: { googleProductCategory: '473' },
  },
  {
    name: 'Jewellery',
    slug: 'jewellery',
    theme: 'jewellery',
    cover: 'necklace',
    colours: ['Gold', 'Rose Gold', 'Silver', 'Coral', 'Gold & Coral', 'Pearl', 'Bronze', 'Emerald'],
    // Apparel & Accessories > Jewelry
    feed: { gender: 'female', ageGroup: 'adult', googleProductCategory: '188' },
  },
  {
    name: 'Home',
    slug: 'home',
    theme: 'home',
    cover: 'vase',
    colours: ['Terracotta', 'Indigo', 'Ochre', 'Cream', 'Charcoal', 'Sage', 'Natural', 'Rust'],
    // Home & Garden > Decor
    feed: { googleProductCategory: '696' },
  },
];

export interface BrandSpec {
  name: string;
}

/** Invented labels; any likeness to a real business is a coincidence. */
export const BRANDS: BrandSpec[] = [
  { name: 'Adunni Atelier' },
  { name: 'Bisola & Co.' },
  { name: 'Iya Adire Studio' },
  { name: 'Ofi Heritage Weavers' },
  { name: 'Yaba Tailoring Co.' },
  { name: 'Kessington Menswear' },
  { name: 'Nneka Glow' },
  { name: 'Shea & Sunlight' },
  { name: 'Ewa Botanicals' },
  { name: 'Amara Lip Studio' },
  { name: 'Osun Fragrance House' },
  { name: 'Coco Coil Haircare' },
  { name: 'Idan Gold' },
  { name: 'Coral & Brass' },
  { name: 'Lekki Lustre' },
  { name: 'Ile Ona Home' },
  { name: 'Terracotta & Thread' },
  { name: 'Badagry Clay Co.' },
];

export interface ItemSpec {
  /** The end of the title: "Maxi Dress". */
  noun: string;
  art: ArtKind;
  /** Price range in naira. */
  price: [number, number];
  subsub?: string;
}

export interface SubSpec {
  name: string;
  category: string;
  /** How many demo products this sub-category gets (the total is 200). */
  count: number;
  clothing: boolean;
  brands: string[];
  items: ItemSpec[];
  /** The start of the title: "Adire Silk". A modifier naming a sub-sub-category puts the product there. */
  modifiers: string[];
  modifierSubsubs?: Record<string, string>;
  /** Short selling lines ("heading"); `{colour}` is replaced. */
  headings: string[];
  /** Description sentences; `{colour}`, `{item}` (lower-case noun) and `{brand}` are replaced. */
  sentences: string[];
}

export const SUBSUBS: { name: string; sub: string }[] = [
  { name: 'Maxi Dresses', sub: 'Dresses' },
  { name: 'Midi Dresses', sub: 'Dresses' },
  { name: 'Ankara Dresses', sub: 'Dresses' },
  { name: 'Blouses', sub: 'Tops' },
  { name: 'Agbada Sets', sub: 'Kaftans' },
  { name: 'Senator Kaftans', sub: 'Kaftans' },
  { name: 'Serums', sub: 'Skincare' },
  { name: 'Moisturisers', sub: 'Skincare' },
  { name: 'Lipsticks', sub: 'Makeup' },
  { name: 'Hair Oils', sub: 'Hair' },
  { name: 'Beaded Necklaces', sub: 'Necklaces' },
  { name: 'Hoop Earrings', sub: 'Earrings' },
  { name: 'Throw Cushions', sub: 'Cushions' },
  { name: 'Ceramic Vases', sub: 'Vases' },
  { name: 'Serving Bowls', sub: 'Tableware' },
];

const CARE_FABRIC = [
  'Hand wash cold or dry clean, and dry in the shade to keep the colours bright.',
  'Cut and sewn in our Yaba workroom in small batches.',
  'Each piece is finished by hand, so the print placement varies slightly from one to the next.',
  'Our model is 1.75 m tall and wears a medium.',
];

export const SUBS: SubSpec[] = [
  {
    name: 'Dresses',
    category: 'Women',
    count: 24,
    clothing: true,
    brands: ['Adunni Atelier', 'Bisola & Co.', 'Iya Adire Studio'],
    items: [
      { noun: 'Maxi Dress', art: 'maxi-dress', price: [28_000, 65_000], subsub: 'Maxi Dresses' },
      { noun: 'Midi Dress', art: 'midi-dress', price: [22_000, 48_000], subsub: 'Midi Dresses' },
      { noun: 'Wrap Dress', art: 'midi-dress', price: [25_000, 52_000] },
      { noun: 'Kaftan Dress', art: 'maxi-dress', price: [26_000, 55_000] },
      { noun: 'Shirt Dress', art: 'midi-dress', price: [21_000, 39_000] },
    ],
    modifiers: [
      'Adire Silk',
      'Ankara Wrap',
      'Ankara Puff-Sleeve',
      'Tie-Dye Linen',
      'Kampala Cotton',
      'Pleated Chiffon',
      'Off-Shoulder Ankara',
      'Aso-Oke Trim',
      'Indigo Adire',
      'Belted Lace',
      'Eyelet Cotton',
      'Tiered Ankara',
    ],
    modifierSubsubs: { Ankara: 'Ankara Dresses' },
    headings: [
      'A dress that works from office desk to owambe',
      'Flowing {colour} print that catches every light',
      'Fitted at the waist, easy everywhere else',
      'Hand-dyed in Abeokuta, finished in Lagos',
      'Breathable cotton made for Lagos heat',
      'The dress your aunties will ask about',
      'Statement print, all-day comfort',
    ],
    sentences: [
      'Cut from breathable cotton in {colour}, this {item} has a fitted bodice and a skirt that moves when you do.',
      'The print is hand-dyed by artisans in Abeokuta using the traditional adire resist technique.',
      'Side pockets, a concealed back zip and a self-tie belt make it as practical as it is pretty.',
      'Wear it with flat sandals for brunch on the Island, or heels and gold hoops for an evening out.',
      'Fully lined to the knee, so it is never see-through, even in the afternoon sun.',
      ...CARE_FABRIC,
    ],
  },
  {
    name: 'Tops',
    category: 'Women',
    count: 12,
    clothing: true,
    brands: ['Bisola & Co.', 'Adunni Atelier', 'Iya Adire Studio'],
    items: [
      { noun: 'Peplum Top', art: 'top', price: [12_000, 26_000] },
      { noun: 'Blouse', art: 'top', price: [11_000, 24_000], subsub: 'Blouses' },
      { noun: 'Corset Top', art: 'top', price: [15_000, 28_000] },
      { noun: 'Boubou Top', art: 'top', price: [13_000, 25_000] },
    ],
    modifiers: ['Ankara', 'Adire Cotton', 'Puff-Sleeve', 'Silk Satin', 'Ruffled Ankara', 'Linen', 'Embroidered', 'Wax-Print'],
    headings: [
      'Pairs with jeans, skirts and everything in between',
      'A bold {colour} top for easy Fridays',
      'Structured shape, soft cotton feel',
      'Dress it up or down: it does both',
      'Made to be worn on repeat',
    ],
    sentences: [
      'This {item} in {colour} is cut to sit neatly at the waist and flatter without clinging.',
      'Gentle puff sleeves and a keyhole back add detail without fuss.',
      'Tuck it into high-waisted trousers for work, or wear it loose over denim at the weekend.',
      'The wax-print cotton softens with every wash while the colours stay rich.',
      ...CARE_FABRIC,
    ],
  },
  {
    name: 'Skirts',
    category: 'Women',
    count: 10,
    clothing: true,
    brands: ['Adunni Atelier', 'Bisola & Co.', 'Iya Adire Studio'],
    items: [
      { noun: 'Midi Skirt', art: 'skirt', price: [15_000, 32_000] },
      { noun: 'Pleated Skirt', art: 'skirt', price: [16_000, 35_000] },
      { noun: 'Wrap Skirt', art: 'skirt', price: [14_000, 29_000] },
      { noun: 'A-Line Skirt', art: 'skirt', price: [15_000, 30_000] },
    ],
    modifiers: ['Ankara', 'Adire', 'Aso-Oke', 'Tie-Dye', 'High-Waist Ankara', 'Indigo', 'Batik'],
    headings: [
      'High waist, full swing, zero effort',
      'A {colour} skirt that makes the whole outfit',
      'From church on Sunday to the office on Monday',
      'The print does the talking',
    ],
    sentences: [
      'A high-waisted {item} in {colour} with a wide waistband that holds its shape all day.',
      'Deep pockets hide in the side seams, because every skirt should have them.',
      'It falls just below the knee and swings beautifully as you walk.',
      'Style it with a plain white tee, or go all-out with the matching top.',
      ...CARE_FABRIC,
    ],
  },
  {
    name: 'Two-Piece Sets',
    category: 'Women',
    count: 14,
    clothing: true,
    brands: ['Adunni Atelier', 'Ofi Heritage Weavers', 'Bisola & Co.'],
    items: [
      { noun: 'Two-Piece Set', art: 'two-piece', price: [35_000, 85_000] },
      { noun: 'Trouser Set', art: 'two-piece', price: [32_000, 72_000] },
      { noun: 'Handwoven Aso-Oke Set', art: 'two-piece', price: [95_000, 145_000] },
      { noun: 'Iro and Buba Set', art: 'two-piece', price: [45_000, 110_000] },
    ],
    modifiers: ['Ankara', 'Adire', 'Owambe', 'Lace', 'Silk', 'Celebration', 'Heritage'],
    headings: [
      'A complete look, ready for the party',
      'Matching set in {colour}: wear together or apart',
      'Woven on the loom in Iseyin, styled in Lagos',
      'Two pieces, endless ways to wear them',
      'The easiest way to look put together',
    ],
    sentences: [
      'A coordinated {item} in {colour}, with a cropped top and relaxed wide-leg trousers.',
      'The aso-oke is handwoven on narrow looms in Iseyin, strip by strip, then joined by hand.',
      'Wear the pieces together for weddings and parties, or pair them with plain basics for everyday.',
      'An elasticated back waist keeps the fit comfortable through a long celebration.',
      ...CARE_FABRIC,
    ],
  },
  {
    name: 'Shirts',
    category: 'Men',
    count: 14,
    clothing: true,
    brands: ['Yaba Tailoring Co.', 'Kessington Menswear', 'Iya Adire Studio'],
    items: [
      { noun: 'Short-Sleeve Shirt', art: 'shirt', price: [15_000, 28_000] },
      { noun: 'Camp-Collar Shirt', art: 'shirt', price: [16_000, 32_000] },
      { noun: 'Oxford Shirt', art: 'shirt', price: [14_000, 26_000] },
      { noun: 'Linen Shirt', art: 'shirt', price: [18_000, 32_000] },
    ],
    modifiers: ['Ankara', 'Adire', 'Indigo Tie-Dye', 'Kente-Stripe', 'Batik', 'Mudcloth-Print', 'Wax-Print'],
    headings: [
      'Sharp enough for Friday, easy enough for Saturday',
      'A {colour} shirt that stands out in the right way',
      'Relaxed fit, crisp collar, cool cotton',
      'Tailored in Yaba, made for the Lagos sun',
      'The print shirt every wardrobe needs',
    ],
    sentences: [
      'A relaxed {item} in {colour}, cut from breathable cotton with a soft camp collar.',
      'Real horn buttons and a chest pocket lined up with the print show the care in the tailoring.',
      'Wear it open over a white vest, or buttoned with chinos and loafers.',
      'Pre-washed, so it will not shrink after the first wash.',
      'Made by our tailors in Yaba in small runs.',
      'Hand wash cold and dry in the shade.',
    ],
  },
  {
    name: 'Kaftans',
    category: 'Men',
    count: 14,
    clothing: true,
    brands: ['Kessington Menswear', 'Yaba Tailoring Co.', 'Ofi Heritage Weavers'],
    items: [
      { noun: 'Kaftan', art: 'kaftan', price: [30_000, 75_000] },
      { noun: 'Senator Kaftan', art: 'kaftan', price: [35_000, 68_000], subsub: 'Senator Kaftans' },
      { noun: 'Agbada Set', art: 'kaftan', price: [85_000, 145_000], subsub: 'Agbada Sets' },
      { noun: 'Dashiki', art: 'kaftan', price: [18_000, 35_000] },
    ],
    modifiers: ['Embroidered', 'Cashmere-Blend', 'Classic', 'Aso-Oke', 'Brocade', 'Linen', 'Damask'],
    headings: [
      'Ceremony-ready tailoring with hand embroidery',
      'Clean lines and a regal {colour} finish',
      'Sewn to measure standards, sold ready to wear',
      'From Friday prayers to Saturday weddings',
      'Quiet luxury in a classic silhouette',
    ],
    sentences: [
      'A {item} in {colour} with tonal hand embroidery around the neckline and down the placket.',
      'It comes with matching trousers with a drawstring waist and side pockets.',
      'The fabric has a soft sheen and enough weight to hang straight all day.',
      'Pair it with a fila cap and leather slides for a complete look.',
      'Made by our tailors in Yaba; each piece takes two days to finish.',
      'Dry clean only.',
    ],
  },
  {
    name: 'Trousers',
    category: 'Men',
    count: 8,
    clothing: true,
    brands: ['Yaba Tailoring Co.', 'Kessington Menswear'],
    items: [
      { noun: 'Chinos', art: 'trousers', price: [14_000, 26_000] },
      { noun: 'Pleated Trousers', art: 'trousers', price: [17_000, 30_000] },
      { noun: 'Drawstring Trousers', art: 'trousers', price: [13_000, 24_000] },
    ],
    modifiers: ['Tapered', 'Relaxed', 'Linen-Blend', 'Cotton Twill', 'Stretch'],
    headings: [
      'The trousers that go with every print shirt',
      'Tapered {colour} trousers with a clean finish',
      'Comfortable enough for Third Mainland traffic',
      'Tailored fit without the stiffness',
    ],
    sentences: [
      '{colour} {item} in a soft cotton twill with a touch of stretch for comfort.',
      'A tapered leg and a clean, flat front keep them smart under a kaftan or a shirt.',
      'Belt loops, a hook-and-zip fly and deep pockets.',
      'Machine wash at 30 degrees.',
    ],
  },
  {
    name: 'Skincare',
    category: 'Beauty',
    count: 14,
    clothing: false,
    brands: ['Nneka Glow', 'Shea & Sunlight', 'Ewa Botanicals'],
    items: [
      { noun: 'Face Serum', art: 'dropper', price: [8_500, 22_000], subsub: 'Serums' },
      { noun: 'Brightening Serum', art: 'dropper', price: [11_000, 24_000], subsub: 'Serums' },
      { noun: 'Moisturiser', art: 'jar', price: [7_500, 18_000], subsub: 'Moisturisers' },
      { noun: 'Body Butter', art: 'jar', price: [6_500, 14_000] },
      { noun: 'Night Cream', art: 'jar', price: [9_500, 19_000], subsub: 'Moisturisers' },
    ],
    modifiers: ['Shea and Baobab', 'Vitamin C', 'Moringa', 'Hibiscus', 'Black Soap', 'Niacinamide', 'Cocoa Butter', 'Turmeric'],
    headings: [
      'Made with Nigerian shea for a healthy glow',
      'Light enough for Lagos humidity, rich enough for harmattan',
      'Fades dark spots and evens tone in weeks',
      'Gentle, fragrance-free and kind to every skin tone',
      'Your new everyday glow step',
    ],
    sentences: [
      'This {item} blends unrefined shea butter from Kwara with cold-pressed oils that sink in fast.',
      'It absorbs quickly without leaving a greasy film, so it sits well under makeup and sunscreen.',
      'Formulated for melanin-rich skin and tested in the heat and humidity of Lagos.',
      'Free from mercury, hydroquinone and added fragrance.',
      'Apply morning and evening to clean skin; a little goes a long way.',
      'Made in small batches by {brand} and best used within twelve months of opening.',
    ],
  },
  {
    name: 'Makeup',
    category: 'Beauty',
    count: 10,
    clothing: false,
    brands: ['Amara Lip Studio', 'Nneka Glow'],
    items: [
      { noun: 'Matte Lipstick', art: 'lipstick', price: [5_500, 12_000], subsub: 'Lipsticks' },
      { noun: 'Lip Gloss', art: 'lipstick', price: [4_500, 9_500] },
      { noun: 'Eyeshadow Palette', art: 'palette', price: [12_000, 24_000] },
      { noun: 'Highlighter Palette', art: 'palette', price: [10_500, 21_000] },
    ],
    modifiers: ['Velvet', 'Owambe', 'Golden Hour', 'Lagos Nights', 'Sunset', 'Bronze Goddess', 'Everyday'],
    headings: [
      'Pigment made for deep and brown skin tones',
      'Stays put from the first dance to the last',
      'A {colour} shade that flatters every skin tone',
      'Long-wear colour that never feels dry',
    ],
    sentences: [
      'A richly pigmented {item} in {colour}, made for deep and brown skin tones.',
      'The creamy formula glides on and sets in minutes, with no cracking or feathering.',
      'It lasts through eating, dancing and a full owambe without touch-ups.',
      'Cruelty-free and enriched with shea butter and vitamin E.',
    ],
  },
  {
    name: 'Fragrance',
    category: 'Beauty',
    count: 8,
    clothing: false,
    brands: ['Osun Fragrance House'],
    items: [
      { noun: 'Eau de Parfum', art: 'perfume', price: [25_000, 68_000] },
      { noun: 'Body Mist', art: 'perfume', price: [9_500, 18_000] },
      { noun: 'Perfume Oil', art: 'perfume', price: [12_000, 28_000] },
    ],
    modifiers: ['Oud and Amber', 'Frangipani', 'Lagoon Breeze', 'Kola and Vanilla', 'Hibiscus Tea', 'Sandalwood Dusk'],
    headings: [
      'A warm, lasting scent inspired by Lagos evenings',
      'Notes of oud and vanilla that linger all day',
      'Fresh, floral and made for the heat',
      'The signature scent for your next celebration',
    ],
    sentences: [
      'This {item} opens with bright citrus, settles into warm florals and dries down to soft woods.',
      'Blended in Lagos with oils chosen to last in warm weather.',
      'Spray on pulse points and let it develop; one application lasts from morning to night.',
      'Presented in a weighted glass bottle that looks beautiful on a dressing table.',
    ],
  },
  {
    name: 'Hair',
    category: 'Beauty',
    count: 8,
    clothing: false,
    brands: ['Coco Coil Haircare', 'Shea & Sunlight'],
    items: [
      { noun: 'Hair Growth Oil', art: 'pump', price: [6_000, 14_000], subsub: 'Hair Oils' },
      { noun: 'Leave-In Conditioner', art: 'pump', price: [6_500, 13_000] },
      { noun: 'Curl Butter', art: 'jar', price: [5_500, 11_000] },
      { noun: 'Edge Control', art: 'jar', price: [3_500, 7_500] },
    ],
    modifiers: ['Chebe and Shea', 'Rosemary Mint', 'Coconut', 'Castor', 'Aloe', 'Moringa'],
    headings: [
      'Made for 4C hair that loves moisture',
      'Softer, stronger coils from the first wash',
      'Seals in moisture through harmattan',
      'Natural ingredients your scalp will thank you for',
    ],
    sentences: [
      'This {item} is made for natural hair, from loose waves to tight 4C coils.',
      'A blend of chebe, shea and cold-pressed oils seals in moisture without weighing hair down.',
      'Use it on wash day or to refresh twist-outs and braids during the week.',
      'No mineral oil, no silicones and no sulphates.',
    ],
  },
  {
    name: 'Necklaces',
    category: 'Jewellery',
    count: 10,
    clothing: false,
    brands: ['Idan Gold', 'Coral & Brass', 'Lekki Lustre'],
    items: [
      { noun: 'Pendant Necklace', art: 'necklace', price: [14_000, 48_000] },
      { noun: 'Beaded Necklace', art: 'necklace', price: [16_000, 78_000], subsub: 'Beaded Necklaces' },
      { noun: 'Layered Chain', art: 'necklace', price: [15_000, 36_000] },
      { noun: 'Choker', art: 'necklace', price: [12_000, 28_000] },
    ],
    modifiers: ['Coral Bead', '18k Gold-Plated', 'Cowrie', 'Brass', 'Freshwater Pearl', 'Akoko', 'Sunburst'],
    headings: [
      'A finishing touch for every neckline',
      'Coral beads strung by hand in Benin City',
      'Gold-plated shine that lasts with a little care',
      'Layer it, stack it or wear it alone',
      'The necklace that completes the owambe look',
    ],
    sentences: [
      'A {item} in {colour}, finished by hand and sized to sit just below the collarbone.',
      'The beads are strung by hand on strong silk thread with a secure lobster clasp.',
      'Gold-plated over brass with a thick layer that resists tarnish when kept dry.',
      'It arrives in a cloth pouch and gift box, ready to give.',
      'Keep it away from perfume and water to keep the shine.',
    ],
  },
  {
    name: 'Earrings',
    category: 'Jewellery',
    count: 10,
    clothing: false,
    brands: ['Idan Gold', 'Coral & Brass', 'Lekki Lustre'],
    items: [
      { noun: 'Hoop Earrings', art: 'earrings', price: [8_500, 26_000], subsub: 'Hoop Earrings' },
      { noun: 'Drop Earrings', art: 'earrings', price: [9_500, 35_000] },
      { noun: 'Stud Earrings', art: 'earrings', price: [8_500, 18_000] },
    ],
    modifiers: ['Chunky Gold', 'Coral', 'Hammered Brass', 'Cowrie', 'Pearl', 'Sculpted', 'Mini'],
    headings: [
      'Lightweight hoops you can wear all day',
      'Statement {colour} earrings for the weekend',
      'Hypoallergenic posts for sensitive ears',
      'Everyday sparkle that goes with everything',
    ],
    sentences: [
      '{colour} {item} that are lighter than they look, so you can wear them from morning to night.',
      'Surgical-steel posts make them comfortable for sensitive ears.',
      'Hand-finished in our Lekki studio and polished to a warm glow.',
      'Wipe with a soft dry cloth after wearing and store them in the pouch provided.',
    ],
  },
  {
    name: 'Bracelets',
    category: 'Jewellery',
    count: 6,
    clothing: false,
    brands: ['Coral & Brass', 'Idan Gold'],
    items: [
      { noun: 'Bangle Stack', art: 'bracelet', price: [12_000, 42_000] },
      { noun: 'Cuff', art: 'bracelet', price: [9_000, 28_000] },
      { noun: 'Beaded Bracelet', art: 'bracelet', price: [6_500, 18_000] },
    ],
    modifiers: ['Brass', 'Coral', 'Twisted Gold', 'Cowrie', 'Engraved'],
    headings: [
      'Stack them high or wear one alone',
      'Hand-hammered brass with a warm {colour} finish',
      'The wrist candy that completes the look',
    ],
    sentences: [
      'A {item} in {colour}, shaped by hand so each piece is slightly different.',
      'Sized to slip over most hands comfortably.',
      'Mix it with your watch or stack it with other bangles.',
      'Polish gently with a dry cloth to bring back the shine.',
    ],
  },
  {
    name: 'Rings',
    category: 'Jewellery',
    count: 6,
    clothing: false,
    brands: ['Lekki Lustre', 'Idan Gold'],
    items: [
      { noun: 'Cocktail Ring', art: 'ring', price: [12_000, 55_000] },
      { noun: 'Stacking Ring', art: 'ring', price: [8_500, 18_000] },
      { noun: 'Signet Ring', art: 'ring', price: [15_000, 38_000] },
    ],
    modifiers: ['Emerald-Stone', 'Gold-Plated', 'Coral', 'Sterling Silver', 'Sunstone'],
    headings: ['A ring that gets noticed', 'A {colour} finish that catches the light', 'Adjustable band, perfect fit'],
    sentences: [
      'This {item} has an adjustable band that fits most fingers comfortably.',
      'The stone is set by hand in a polished {colour} setting.',
      'Beautiful on its own or stacked with thinner bands.',
      'Take it off before washing your hands to keep it bright.',
    ],
  },
  {
    name: 'Cushions',
    category: 'Home',
    count: 7,
    clothing: false,
    brands: ['Ile Ona Home', 'Terracotta & Thread'],
    items: [
      { noun: 'Cushion Cover', art: 'cushion', price: [9_500, 18_000], subsub: 'Throw Cushions' },
      { noun: 'Floor Cushion', art: 'cushion', price: [18_000, 35_000] },
      { noun: 'Lumbar Cushion', art: 'cushion', price: [10_500, 22_000], subsub: 'Throw Cushions' },
    ],
    modifiers: ['Adire', 'Mudcloth', 'Aso-Oke', 'Tasselled Ankara', 'Woven', 'Indigo'],
    headings: [
      'Instant colour for a tired sofa',
      'Hand-dyed {colour} adire, made for lounging',
      'Mix two prints for a designer look',
    ],
    sentences: [
      'A {item} in hand-dyed {colour} cotton, with a hidden zip and tasselled corners.',
      'Each cover is dyed by hand in Abeokuta, so no two are exactly alike.',
      'Fits a standard 45 by 45 cm insert (not included) unless stated otherwise.',
      'Machine wash cold inside out.',
    ],
  },
  {
    name: 'Vases',
    category: 'Home',
    count: 7,
    clothing: false,
    brands: ['Badagry Clay Co.', 'Ile Ona Home'],
    items: [
      { noun: 'Vase', art: 'vase', price: [12_000, 45_000], subsub: 'Ceramic Vases' },
      { noun: 'Bud Vase', art: 'vase', price: [7_500, 16_000] },
      { noun: 'Floor Vase', art: 'vase', price: [28_000, 65_000] },
    ],
    modifiers: ['Terracotta', 'Hand-Painted', 'Glazed Clay', 'Ribbed', 'Calabash', 'Burnished'],
    headings: [
      'Hand-thrown clay with a painted band',
      'Lovely with dried pampas or on its own',
      'A {colour} piece that anchors any shelf',
    ],
    sentences: [
      'A {item} thrown by hand from local clay and fired in small batches.',
      'The painted band is applied freehand, so every piece has its own character.',
      'Sealed inside, so it holds water for fresh stems.',
      'Wipe clean with a damp cloth.',
    ],
  },
  {
    name: 'Wall Art',
    category: 'Home',
    count: 6,
    clothing: false,
    brands: ['Ile Ona Home', 'Terracotta & Thread'],
    items: [
      { noun: 'Framed Print', art: 'wall-art', price: [25_000, 65_000] },
      { noun: 'Canvas Print', art: 'wall-art', price: [32_000, 95_000] },
    ],
    modifiers: ['Lagos Sunset', 'Abstract Arches', 'Eko Skyline', 'Market Women', 'Harmattan Sun', 'Lagoon'],
    headings: [
      'Original art by Lagos illustrators, printed to last',
      'Warm colours for a calm living room',
      'Ready to hang, frame included',
    ],
    sentences: [
      'A {item} of an original illustration by a Lagos artist, printed on heavy archival paper.',
      'It comes in a solid wood frame with a mount, ready to hang.',
      'The warm {colour} palette sits beautifully with natural wood and woven textures.',
      'Keep out of direct sunlight to protect the colours.',
    ],
  },
  {
    name: 'Candles',
    category: 'Home',
    count: 6,
    clothing: false,
    brands: ['Ile Ona Home', 'Terracotta & Thread'],
    items: [
      { noun: 'Scented Candle', art: 'candle', price: [7_500, 18_000] },
      { noun: 'Pillar Candle', art: 'candle', price: [6_500, 14_000] },
    ],
    modifiers: ['Zobo and Ginger', 'Palm Wine', 'Lemongrass', 'Shea Vanilla', 'Frangipani', 'Smoked Oud'],
    headings: ['Forty hours of slow, clean burn', 'The scent of a Lagos evening at home', 'Soy wax, hand-poured in Lagos'],
    sentences: [
      'A {item} hand-poured with soy wax and a cotton wick for a clean, even burn.',
      'Roughly forty hours of burn time, with a scent that fills the room without overpowering it.',
      'Trim the wick before each use and never leave it burning unattended.',
    ],
  },
  {
    name: 'Tableware',
    category: 'Home',
    count: 6,
    clothing: false,
    brands: ['Badagry Clay Co.', 'Terracotta & Thread'],
    items: [
      { noun: 'Serving Bowl', art: 'tableware', price: [8_500, 24_000], subsub: 'Serving Bowls' },
      { noun: 'Dinner Plate Set', art: 'tableware', price: [18_000, 38_000] },
      { noun: 'Salad Servers', art: 'tableware', price: [6_500, 14_000] },
    ],
    modifiers: ['Stoneware', 'Hand-Painted', 'Terracotta', 'Glazed', 'Calabash'],
    headings: [
      'Make jollof night look like a feast',
      'Hand-finished pieces for everyday meals',
      'A {colour} glaze that brightens the table',
    ],
    sentences: [
      'A {item} made from sturdy stoneware with a hand-painted rim.',
      'Big enough for a family pot of jollof or a generous salad.',
      'Dishwasher safe; not for use on the stove.',
      'Each piece is finished by hand, so small variations in the glaze are part of its charm.',
    ],
  },
];

export const BANNERS = [
  'Free delivery in Lagos on orders over ₦50,000',
  'New season Ankara has landed',
  'Sale: up to 30% off selected jewellery',
];

export interface PostSpec {
  title: string;
  heading: string;
  text: string;
  theme: ArtTheme;
  art: ArtKind;
  daysAgo: number;
}

export const POSTS: PostSpec[] = [
  {
    title: 'How to wear Ankara to the office',
    heading: 'Bold prints, boardroom ready: five rules we swear by',
    theme: 'women',
    art: 'midi-dress',
    daysAgo: 3,
    text: [
      'Ankara is not only for Fridays and weddings. With a little thought, wax print can be the most polished thing in the office, and the most comfortable in the Lagos heat.',
      'Start with one printed piece and keep the rest of the outfit quiet. A printed pencil skirt with a plain ivory blouse, or a fitted Ankara blazer over a black dress, looks deliberate rather than loud.',
      'Pick prints with a dominant colour that matches your shoes or bag. Navy, wine and emerald grounds read as serious; save the neon yellows for the weekend.',
      'Mind the cut. Structured shapes (a belted midi, a sharp peplum, straight trousers) carry a bold print better than loose, flowing ones.',
      'Finally, accessories: small gold hoops or a single coral bead necklace finish the look without competing with the fabric.',
    ].join('\n\n'),
  },
  {
    title: 'Caring for gold-plated jewellery in Lagos humidity',
    heading: 'Keep the shine: simple habits that make plated pieces last for years',
    theme: 'jewellery',
    art: 'earrings',
    daysAgo: 11,
    text: [
      'Gold-plated jewellery gives you the look of solid gold at a fraction of the price. The layer of gold is thin, though, and heat, sweat and perfume wear it down faster than you might think.',
      'Put your jewellery on last. Perfume, body oils and hair products are the biggest enemies of plating, so let them dry before your earrings and necklaces go on.',
      'Take it off to shower, swim or exercise. Chlorine and salt water are especially harsh, and sweat is slightly acidic.',
      'Store each piece separately in a soft pouch or a lined box, with a sachet of silica gel to soak up the moisture that fills every Lagos wardrobe during the rains.',
      'To clean, wipe gently with a soft dry cloth. Skip toothpaste, baking soda and silver dips: they scratch the surface and take the gold off with the dirt.',
    ].join('\n\n'),
  },
  {
    title: 'Aso-oke 101: choosing fabric for your next owambe',
    heading: 'From sanyan to alaari, a short guide to the cloth of celebrations',
    theme: 'men',
    art: 'kaftan',
    daysAgo: 24,
    text: [
      'Aso-oke, the handwoven cloth of the Yoruba, is woven on narrow looms in strips about four inches wide, which are then sewn together into a full piece.',
      'There are three classic types. Sanyan is woven from wild silk and has a soft beige colour; alaari is a rich crimson; etu is a deep indigo, almost black, with fine light stripes.',
      'Today weavers in Iseyin and Oyo mix traditional yarns with metallic threads and bright modern colours, so you can match your aso-ebi to almost any colour scheme.',
      'When buying, hold the cloth up to the light: good aso-oke is dense and even, with straight edges and tight joins between strips.',
      'Order early. A full set for a couple can take a weaver several weeks, and the best colours go quickly in wedding season.',
    ].join('\n\n'),
  },
  {
    title: 'A simple skincare routine for harmattan',
    heading: 'Dry air, dusty mornings: how to keep your skin happy until the rains',
    theme: 'beauty',
    art: 'jar',
    daysAgo: 39,
    text: [
      'When the harmattan blows in, the air dries out overnight and skin that was happy in October suddenly feels tight and flaky.',
      'Switch to a gentle cleanser. Black soap is wonderful, but use it once a day at most during harmattan and follow it immediately with moisture.',
      'Layer your hydration: a serum on damp skin, then a richer moisturiser on top. Shea butter is your friend on elbows, knees and lips.',
      'Do not skip sunscreen just because the sky is hazy. The sun is as strong as ever behind the dust.',
      'Drink more water than you think you need, and keep a small tub of balm in your bag for hands and lips.',
    ].join('\n\n'),
  },
  {
    title: 'Five ways to bring warmth into a small Lagos flat',
    heading: 'Colour, texture and a few clever pieces make any room feel like home',
    theme: 'home',
    art: 'vase',
    daysAgo: 57,
    text: [
      'Small spaces can feel cosy rather than cramped. The trick is warm colour, natural texture and a few pieces that earn their place.',
      'Start with cushions. Two or three covers in adire or mudcloth change a plain sofa in minutes, and they are easy to swap when the season changes.',
      'Add clay. A terracotta vase with dried pampas or palm fronds brings the outside in and needs no watering.',
      'Hang one good piece of art at eye level rather than many small ones. Local illustrators sell prints at prices that will surprise you.',
      'Finally, light a candle in the evening. A soft, warm scent after a long day in traffic makes the whole flat feel calmer.',
    ].join('\n\n'),
  },
];
