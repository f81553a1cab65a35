/**
 * Built-in content of the public pages (issue 16): what About, Careers, Blog, Press, Commission
 * Guides and Contact show while no published content of that type exists. Same JSON shapes as
 * the admin editor writes (contracts/src/content.ts). Pure data.
 */

export interface DefaultEntry<C> {
  readonly title: string;
  readonly slug: string;
  readonly featured?: boolean;
  readonly publishedAt?: string;
  readonly content: C;
}

export interface AboutContent {
  readonly lead?: string;
  readonly body?: string;
}
export interface CareerContent {
  readonly role?: string;
  readonly team?: string;
  readonly location?: string;
  readonly description?: string;
}
export interface BlogContent {
  readonly lead?: string;
  readonly body?: string;
  readonly author?: string;
  readonly category?: string;
  readonly coverImage?: string;
  readonly coverImageAlt?: string;
}
export interface PressContent {
  readonly date?: string;
  readonly outlet?: string;
  readonly link?: string;
  readonly body?: string;
}
export interface GuideContent {
  readonly body?: string;
  readonly sections?: ReadonlyArray<{ readonly heading: string; readonly body: string }>;
}

export const defaultAbout: DefaultEntry<AboutContent> = {
  title: "About Closr",
  slug: "about-closr",
  content: {
    lead: "Closr is the Australian marketplace where businesses find independent, commission-based sales agents, and agents find products worth selling.",
    body: "## Our mission\n\nGood products deserve great salespeople, and great salespeople deserve fair, transparent deals. Closr makes both easy: verified profiles on each side, smart matching by industry and skills, and partnerships, invoices and payments in one place.\n\n## What we believe\n\n- **Trust first.** Every business and agent can be verified, and reviews come only from real partnerships.\n- **Paid for results.** Commission aligns everyone on the same goal: closed deals.\n- **Made in Australia.** Built in Sydney for Australian businesses, with GST-ready invoices and local support.\n\n## Our story\n\nClosr started when our founders, a SaaS founder and a veteran B2B sales agent, kept meeting the same problem from opposite sides: businesses could not find proven sellers, and sellers could not find products worth their time. Closr is the marketplace they wished they had.",
  },
};

export const careerTeams = ["Engineering", "Product", "Business"] as const;

export const defaultCareers: readonly DefaultEntry<CareerContent>[] = [
  {
    title: "Senior Full-Stack Engineer",
    slug: "senior-full-stack-engineer",
    content: {
      role: "Senior Full-Stack Engineer",
      team: "Engineering",
      location: "Sydney or remote (Australia)",
      description:
        "Build the marketplace end to end: TypeScript, React and PostgreSQL. You care about tests, accessibility and calm on-call rotations.",
    },
  },
  {
    title: "Platform Engineer",
    slug: "platform-engineer",
    content: {
      role: "Platform Engineer",
      team: "Engineering",
      location: "Sydney",
      description: "Own our infrastructure, deployments and observability as we grow across Australia.",
    },
  },
  {
    title: "Product Designer",
    slug: "product-designer",
    content: {
      role: "Product Designer",
      team: "Product",
      location: "Melbourne or remote (Australia)",
      description:
        "Design the journeys of businesses and agents, from first search to final payout, on mobile and desktop.",
    },
  },
  {
    title: "Partnerships Manager",
    slug: "partnerships-manager",
    content: {
      role: "Partnerships Manager",
      team: "Business",
      location: "Sydney",
      description: "Bring industry associations and sales communities onto Closr and help them succeed.",
    },
  },
];

export const defaultBlogPosts: readonly DefaultEntry<BlogContent>[] = [
  {
    title: "How to choose a commission structure that works",
    slug: "choosing-a-commission-structure",
    featured: true,
    publishedAt: "2025-03-10T00:00:00.000Z",
    content: {
      lead: "Straight commission, base plus commission, tiered or residual: which fits your product and your agents?",
      author: "Closr Team",
      category: "Commission",
      body: "Choosing how to pay your sales agents shapes who applies and how they sell.\n\n## Straight commission\n\nAgents earn only on closed deals, typically **10-30%** of the sale. Best for products with short sales cycles.\n\n## Base plus commission\n\nA retainer plus **5-15%** commission suits long or complex sales.\n\n## Tiered and residual\n\nTiered rates reward over-performance; residuals pay a share of recurring revenue for as long as the customer stays.",
    },
  },
  {
    title: "Five habits of agents who close",
    slug: "five-habits-of-agents-who-close",
    publishedAt: "2025-02-24T00:00:00.000Z",
    content: {
      lead: "What top-performing independent agents on Closr do differently.",
      author: "Closr Team",
      category: "Sales Tips",
      body: "1. They qualify hard and early.\n2. They know the product better than the customer.\n3. They follow up within a day.\n4. They keep the business informed.\n5. They ask for referrals after every win.",
    },
  },
  {
    title: "Closr launches verified profiles",
    slug: "closr-launches-verified-profiles",
    publishedAt: "2025-01-15T00:00:00.000Z",
    content: {
      lead: "Businesses and agents can now earn a verification badge.",
      author: "Closr Team",
      category: "Product",
      body: "Verification checks ABNs for businesses and identity and experience for agents. Verified profiles rank higher in search.",
    },
  },
];

export const defaultPress: readonly DefaultEntry<PressContent>[] = [
  {
    title: "Closr opens its marketplace to all Australian businesses",
    slug: "closr-opens-marketplace",
    content: {
      date: "2025-03-01",
      outlet: "Closr newsroom",
      body: "After a six-month pilot with 200 businesses, Closr is now open to every Australian business looking for commission-based sales agents.",
    },
  },
  {
    title: "Why commission-only sales is having a moment",
    slug: "commission-only-sales-moment",
    content: {
      date: "2025-02-12",
      outlet: "Startup Daily",
      body: "Founders are turning to independent agents to grow without fixed sales costs.",
    },
  },
];

/** Commission guides page (spec §2.12): models, an industry table and best practices. */
export const commissionModels = [
  {
    name: "Straight commission",
    rate: "10-30%",
    text: "Agents earn only on closed deals. Simple and fully aligned with results.",
  },
  {
    name: "Base plus commission",
    rate: "5-15%",
    text: "A retainer plus a smaller commission, for long or complex sales cycles.",
  },
  {
    name: "Tiered commission",
    rate: "Rises with volume",
    text: "Higher rates unlock as agents pass targets, rewarding over-performance.",
  },
  {
    name: "Residual commission",
    rate: "Ongoing %",
    text: "A share of recurring revenue for as long as the customer stays.",
  },
] as const;

export const industryRates = [
  { industry: "Technology / SaaS", typical: "15-25%", model: "Straight or residual" },
  { industry: "Finance", typical: "10-20%", model: "Base plus commission" },
  { industry: "Healthcare", typical: "10-15%", model: "Base plus commission" },
  { industry: "Retail", typical: "5-15%", model: "Tiered" },
  { industry: "Manufacturing", typical: "5-10%", model: "Tiered" },
] as const;

export const bestPractices = [
  "Put the rate, the base it applies to (gross or net) and when it is paid in writing.",
  "Agree what counts as a closed deal, and what happens on refunds or cancellations.",
  "Set clear territories or account lists to avoid disputes between agents.",
  "Pay on time: invoice through Closr and pay by card or bank transfer.",
  "Review the structure every quarter with your agents.",
] as const;

/** Contact page (spec §2.12): phone, three email addresses, the Sydney virtual office, FAQ. */
export const contactDetails = {
  phone: "1300 256 771",
  emails: [
    { label: "General enquiries", address: "hello@closr.com.au" },
    { label: "Support", address: "support@closr.com.au" },
    { label: "Sales", address: "sales@closr.com.au" },
  ],
  office: "Level 5, 100 Market Street, Sydney NSW 2000 (virtual office)",
  hours: "We reply within 24 hours, Mon-Fri 9am-5pm AEST.",
  faq: [
    {
      q: "How do I get verified?",
      a: "Apply from the Verification page with your documents; reviews take 2-3 business days.",
    },
    {
      q: "How much does Closr cost?",
      a: "Both sides can start free. Paid plans add more partnerships and features; see Pricing.",
    },
    {
      q: "How do agents get paid?",
      a: "Agents raise invoices against active partnerships and businesses pay them on Closr.",
    },
    { q: "How is my data handled?", a: "See our Privacy Policy for what we collect and why." },
  ],
} as const;

/**
 * Pricing page FAQ (spec §2.6, §9: 14-day refund window): shown by the app's /pricing and by the
 * server's HTML of it (issue 19), so both read it from here.
 */
export const pricingFaq = [
  {
    q: "Can I change plans later?",
    a: "Yes. Plan changes apply at the start of your next billing cycle.",
  },
  { q: "How am I billed?", a: "Monthly or annually, in Australian dollars." },
  { q: "Is there a refund policy?", a: "Every paid plan has a 14-day money-back guarantee." },
  {
    q: "What counts towards my partnership limit?",
    a: "Active partnerships only. Pending requests and ended partnerships don't count.",
  },
] as const;
