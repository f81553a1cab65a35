/**
 * The built-in help articles (issue 18), written for Closr as it works today: figures (limits,
 * prices, sizes) are the ones the code enforces (subscription catalogue, invoice and verification
 * rules). A published `help` content row with the same slug replaces one of these.
 */
import type { HelpArticle } from "./model.ts";

const article = (a: Omit<HelpArticle, "source">): HelpArticle => ({ ...a, source: "built-in" });

export const builtInArticles: readonly HelpArticle[] = [
  article({
    slug: "what-is-closr",
    topic: "getting-started",
    title: "What is Closr?",
    summary: "Closr connects Australian businesses with independent, commission-based sales agents.",
    body: `Closr is a marketplace for **businesses** that want more sales and **independent sales agents** who sell on commission.

- Businesses list what they sell, find agents by specialisation, skills and location, and pay commission through Closr.
- Agents build a profile, find businesses to represent, and raise invoices for the commission they earn.

Everything happens in one place: connection requests, messages, invoices, card payments and the figures that show how a partnership is going.`,
  }),
  article({
    slug: "create-an-account",
    topic: "getting-started",
    title: "Creating your account",
    summary: "Sign up as a business or as an agent, confirm your email and follow the short walkthrough.",
    body: `1. Open **Sign up** and choose whether you are a **business** or an **agent**. The account type cannot be changed later, so pick the side you will work on.
2. Choose a username (3–30 characters) and a password of at least 8 characters.
3. We send a confirmation link to your email. Some actions wait until your email is confirmed.
4. Your dashboard opens with a short walkthrough: create your profile first, because searches and connection requests need it.

Already have an account? Use **Log in**; if you forgot your password, use **Forgot password** on the login page.`,
  }),
  article({
    slug: "build-a-great-profile",
    topic: "profiles",
    title: "Building a profile that gets noticed",
    summary: "What to put in your profile so the right businesses or agents find you.",
    body: `Your profile is what the other side sees in search results and on your profile page.

**Agents:** add your specialisation, years of experience, location (or Remote), a short bio, up to 10 skills from the skills list and your minimum commission rate. Businesses searching for those skills see you higher in their results.

**Businesses:** add your company name, industry, size, location and a description of what you sell and which agents you are looking for.

Keep it current: the match score in searches uses your skills, specialisation and location.`,
  }),
  article({
    slug: "how-search-and-match-scores-work",
    topic: "profiles",
    title: "How search and match scores work",
    summary: "Filters narrow the list; the match score orders it by how well each profile fits you.",
    body: `**Find Agents** and **Find Businesses** list profiles of the other side. Filters (specialisation, industry, location, experience, keywords) narrow the list. Each result shows a match score from how its skills, specialisation and location fit yours.

Verified profiles show the Verified badge. Agents on Agent Pro are marked **Featured** and come first among equally good matches.

Each search page counts as one *appearance* for every agent it lists. Agents see these counts on **Performance**; we never record who searched.`,
  }),
  article({
    slug: "send-and-answer-connection-requests",
    topic: "partnerships",
    title: "Sending and answering connection requests",
    summary: "A partnership starts with a connection request; the other side accepts or declines it.",
    body: `Open a profile and choose **Connect** to send a connection request with a commission rate.

The other side sees it under **Active Agents** (businesses) or **Current Partners** (agents) and in their notifications. They can **accept** it (the partnership becomes active) or **decline** it. You can withdraw a request while it is pending.

You are notified when your request is answered. Either side can **end** an active partnership at any time; invoices already raised stay payable.`,
  }),
  article({
    slug: "partnership-limits",
    topic: "partnerships",
    title: "How many partnerships can I have?",
    summary: "Active partnership limits by plan, and what happens when you reach yours.",
    body: `Each plan allows a number of **active** partnerships at once:

| Plan | Active partnerships |
| --- | --- |
| Basic (business, free) | 3 |
| Professional | 10 |
| Enterprise | Unlimited |
| Agent Basic (free) | 3 |
| Agent Pro | Unlimited |

When either side is at its limit, accepting a request is refused with a message saying so. Ending a partnership or upgrading at **Pricing** frees a place at once.`,
  }),
  article({
    slug: "raise-an-invoice",
    topic: "invoices-and-payments",
    title: "Raising an invoice (agents)",
    summary: "Agents invoice a business for commission on an active partnership.",
    body: `Open **Invoices** and choose **Create invoice**.

1. Pick the business: only businesses you have an **active** partnership with are listed.
2. Enter the amount in Australian dollars and a description of the sales it covers.
3. Choose a due date (30 days ahead unless you change it).

The business is notified straight away. You see the invoice as *pending* until it is paid; from the day after its due date it shows as **overdue**, and both sides are notified.`,
  }),
  article({
    slug: "pay-an-invoice",
    topic: "invoices-and-payments",
    title: "Paying invoices by card",
    summary: "How a business pays an agent's invoice, what the statuses mean and where receipts are.",
    body: `Invoices from your agents are listed under **Payments**.

1. Choose **Pay Now** on an unpaid invoice.
2. Enter your card details (or use a saved card). Some cards ask for an extra authentication step from your bank.
3. When the payment succeeds, the invoice is marked **paid** and the agent is notified.

If a card is declined, nothing is charged and you can try again with another card. A payment is only ever taken once per invoice: paying twice by accident is refunded automatically.

Your **payment history** lists every payment with its status. Businesses on Professional and Enterprise see what each agent brings in under **Analytics**.`,
  }),
  article({
    slug: "commission-and-fees",
    topic: "invoices-and-payments",
    title: "Commission, platform fees and refunds",
    summary: "What an agent receives from a paid invoice, and how refunds show in your figures.",
    body: `When a business pays an invoice, the agent earns its amount less the **platform fee** shown on the payment. **Performance** shows each month's gross amount, the platform fee, refunds and the net you earned, plus what is still pending.

A refunded payment is taken off the month it was paid in, on both sides: **Analytics** for businesses shows commission paid *net of refunds*.`,
  }),
  article({
    slug: "get-verified",
    topic: "verification",
    title: "Getting verified",
    summary: "Apply for the Verified badge with your ABN and documents; our staff review each request.",
    body: `Open **Verification** and apply:

- Enter your ABN. It is checked with the ATO's checksum as you type.
- Upload up to 3 documents (PDF, JPEG or PNG, at most 10 MB each), for example an ABN registration and photo ID.

Our staff review requests in order (Professional and Enterprise requests first). They **approve** it, **reject** it with a reason, or **ask for changes**. You are notified of the decision; when approved, your profile shows the **Verified** badge.`,
  }),
  article({
    slug: "verification-needs-changes",
    topic: "verification",
    title: "My verification needs changes",
    summary: "What to do when a reviewer asks for more information or rejects a request.",
    body: `If the reviewer **asked for changes**, the reason is shown on **Verification**. Update the documents or details it mentions and resubmit the same request.

If the request was **rejected**, read the reason and apply again with new documents when you have them.`,
  }),
  article({
    slug: "plans-and-prices",
    topic: "plans-and-billing",
    title: "Plans and prices",
    summary: "What each plan includes and what it costs per month, GST included.",
    body: `**Businesses**

- **Basic** — free: up to 3 active partnerships, headline analytics.
- **Professional** — $49 a month: up to 10 partnerships, Verified badge, agent performance metrics, priority support.
- **Enterprise** — $99 a month: unlimited partnerships, advanced analytics (partnership funnel, period comparison, CSV export), API access.

**Agents**

- **Agent Basic** — free: up to 3 active partnerships.
- **Agent Pro** — $19 a month: unlimited partnerships, Verified badge, featured listing, and comparison with agents like you on **Performance**.

Subscribe from **Pricing**; the new plan applies at once.`,
  }),
  article({
    slug: "billing-and-tax-invoices",
    topic: "plans-and-billing",
    title: "Billing, renewals and tax invoices",
    summary: "Renewals, cancelling, failed payments and where to download GST tax invoices.",
    body: `**Settings → Billing** shows your plan, the next renewal date and amount, and your tax invoices.

- Every paid period has a **GST tax invoice** you can download as a PDF.
- **Cancel** stops the renewal; you keep your plan until the end of the period you paid for, and can resume before then.
- If a renewal payment fails, your plan keeps working for a **7-day grace period** while you update your card.`,
  }),
  article({
    slug: "notifications-and-emails",
    topic: "account-and-privacy",
    title: "Notifications and emails",
    summary: "What the bell shows, and how to choose which emails you receive.",
    body: `The **bell** in the top bar shows how many notifications you have not read: connection requests and answers, ended partnerships, invoices raised, paid or overdue, messages left unread for a few minutes and verification decisions. Open it to see the list; each notification links to what it is about. Mark one or all as read.

Emails follow the same events. Choose which ones you receive under **Settings → Notifications**.`,
  }),
  article({
    slug: "your-data-and-account",
    topic: "account-and-privacy",
    title: "Your data, sessions and deleting your account",
    summary: "Download your data, sign out other devices, or delete your account.",
    body: `Under **Settings**:

- **Account**: change your email (confirmed by a link to the new address).
- **Security**: change your password and see the devices you are signed in on; sign any of them out.
- **Privacy**: **Download my data** emails you a link to a copy of your data; **Delete account** removes your personal details. Invoices and payments are financial records and are kept without your personal details.

Profile views and search appearances are kept only as daily counts per profile: we never store who viewed or searched.`,
  }),
];
