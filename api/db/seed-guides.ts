import type { Db } from "./client.ts";
import { guides } from "./tools-schema.ts";
import type { GuideCategory } from "#schemas/resources.ts";

/**
 * The resource center's guides for founders, written for this app. Markdown in the subset the panel
 * renders (headings, paragraphs, lists, bold, italics, links). Reading time is counted at 200 words a minute.
 * A long paragraph is wrapped in this file with " \" at the end of a line: in a template literal a backslash
 * before the line break drops the break, so the stored text keeps each paragraph on one line.
 */
interface SeedGuide {
  slug: string;
  title: string;
  category: GuideCategory;
  summary: string;
  body: string;
}

export const GUIDES: readonly SeedGuide[] = [
  {
    slug: "raising-your-pre-seed-round",
    title: "Raising your pre-seed round",
    category: "Fundraising",
    summary: "How much to raise, from whom, on which instrument, and how to run a short, focused process.",
    body: `Most first rounds fail not because the company is bad but because the process is slow and unfocused. Treat fundraising as a \
project with a start date, a target list and an end date.

## Decide how much you need

Work back from a milestone, not from a number you heard. Ask: *what must be true for the next round (or for profitability) to be easy?* \
Usually that is a revenue figure, a growth rate or a product that is live with paying customers. Cost the 18–24 months it takes to get \
there, add a buffer of about 25 %, and that is your raise.

- Raising too little means fundraising again in nine months, before you have proof.
- Raising too much at this stage means giving away more of the company than you need to.

## Pick the instrument

Most pre-seed rounds today use a **SAFE** (simple agreement for future equity) or a convertible note rather than priced equity. A SAFE is \
short, cheap to sign and converts into shares at your next priced round. Agree the *valuation cap* and whether it is *post-money*; a \
post-money cap makes it easy for everyone to see how much of the company each investor will own. Y Combinator publishes its [standard SAFE \
documents](https://www.ycombinator.com/documents) free of charge.

## Build the list

Write down 50–100 names: angels who have built companies in your industry, pre-seed funds that write cheques of your size, and operators \
who could open doors for you. For each one note the cheque size, a recent investment and who can introduce you. **Warm introductions** \
from founders they backed convert far better than cold emails.

## Run the process in four to six weeks

1. Prepare the deck, a one-page summary and a simple financial model before the first meeting.
2. Book first meetings close together, so that interest builds at the same time.
3. Follow up within 24 hours with what you promised to send.
4. Keep a simple pipeline (contacted, met, second meeting, committed, signed) and update it daily.
5. Once you have a lead or the first commitments, tell everyone else: momentum is the strongest argument you have.

## After the money lands

Send a short thank-you, put the signed documents and the cap table somewhere safe, and start your monthly investor updates straight away. \
The investors in this round are the first people you will ask for help, introductions and the next round.`,
  },
  {
    slug: "writing-a-monthly-investor-update",
    title: "Writing a monthly investor update",
    category: "Fundraising",
    summary: "A one-page monthly email that keeps investors helpful and makes your next round easier.",
    body: `Investors who hear from you every month help more, worry less and are ready to follow on when you raise again. Founders who \
only write when they need money find their investors hard to reach.

## Keep the same shape every month

Use one template so that readers know where to look and so that a bad month cannot hide:

- **Headline numbers**: revenue, growth against last month, cash in the bank and months of runway.
- **Wins**: two or three things that went well, with numbers.
- **Challenges**: what did not go well and what you are doing about it. Honesty here builds trust.
- **Asks**: specific, easy requests, such as *"an introduction to a head of operations at a 3PL in Lagos"*.
- **Thanks**: name the people who helped since the last update.

## Write it in thirty minutes

Pull the numbers from the same place every month, write short sentences, and send it in the first week of the month. An update that is \
three days late is better than none, but a regular date is what makes it a habit.

## Make the asks work

Every ask should be answerable in one reply. *"Do you know anyone in logistics?"* gets silence; *"Who do you know who runs a warehouse of \
more than 2,000 m² in West Africa?"* gets names. Report back on the asks people answered: they will answer again.

## Share bad news early

A missed target or a key person leaving is easier to hear in a monthly update than in a surprise call before you run out of money. \
Investors have seen every kind of problem; what they cannot help with is the one they do not know about.`,
  },
  {
    slug: "finding-and-hiring-a-co-founder",
    title: "Finding and hiring a co-founder",
    category: "Team",
    summary: "Where to meet a co-founder, how to test working together, and what to agree before you start.",
    body: `Choosing a co-founder is closer to choosing a business partner for ten years than to hiring an employee. Take the time to do it \
properly: a co-founder conflict is one of the most common reasons early startups die.

## Know what you are looking for

Write down what the company needs in its first two years that you cannot do yourself. Usually it is either building the product or selling \
it. Then add what matters for working together: how many hours each of you can commit, how much risk you can take on, and where you want \
to live.

## Look where people already work together

The best co-founders are often people you have worked with before: former colleagues, classmates from a project, a teammate from a \
hackathon. If you have nobody, go where builders meet: community events, startup programmes, open-source projects, and co-founder matching \
platforms such as the *Find co-founders* page of this app.

## Test before you commit

Before talking about titles or shares, work on something real together for four to eight weeks:

1. Pick a concrete project: ten customer interviews, a prototype, a pilot with one customer.
2. Meet at least twice a week and watch how decisions get made when you disagree.
3. Talk about money, family, working hours and what happens if it fails.
4. Ask people who worked with them before how they handle stress and conflict.

## Agree the hard things in writing

Once you decide to go ahead, agree and write down:

- **Roles**: who has the final word on product, on hiring and on money.
- **Equity and vesting**: usually four years with a one-year cliff, for everyone, founders included. See the guide on splitting equity.
- **Commitment**: full time from when, and what salary if any.
- **Leaving**: what happens to shares and intellectual property if someone leaves.

A short founders' agreement signed in the first month costs little; a dispute in year two can cost the company.`,
  },
  {
    slug: "splitting-equity-between-co-founders",
    title: "Splitting equity between co-founders",
    category: "Team",
    summary: "Why equal splits are common, when they are not right, and why vesting protects everyone.",
    body: `How you split the company on day one shapes how every founder feels for years. Get it roughly right, write it down, and protect \
it with vesting.

## Start from the future, not the past

The idea and the first months of work are worth much less than the next five to ten years. For that reason many experienced investors \
suggest an **equal or near-equal split** between founders who join at the start and commit full time. A big gap between co-founders who do \
similar amounts of work tends to create resentment later.

## When an unequal split makes sense

- One founder has worked on the company full time for a year or more before the others joined.
- One founder brings substantial money, customers or intellectual property.
- One founder cannot commit full time for the foreseeable future.

Even then, discuss it openly and explain the reasoning in writing. If you cannot agree on equity, you will find it hard to agree on \
anything harder.

## Always use vesting

Vesting means founders *earn* their shares over time. The common terms are **four years with a one-year cliff**: nothing vests in the \
first year, then a quarter vests at once, then the rest monthly. If a founder leaves after six months, the company can buy back their \
unvested shares, so the people who stay are not working for a departed partner.

## Keep room for the team

Set aside an option pool (often 10–15 %) for the first employees before or at your first priced round. Model your cap table after two or \
three rounds of dilution so that nobody is surprised by how much they will own later.`,
  },
  {
    slug: "running-a-demo-day",
    title: "Running a demo day",
    category: "Events",
    summary: "Planning, inviting, rehearsing and following up, so that founders leave with meetings, not applause.",
    body: `A demo day succeeds when founders leave with investor meetings and customers leave with a reason to buy. Everything else \
(venue, catering, slides) serves that goal.

## Eight weeks before: decide who it is for

Pick the audience first: angel investors, funds, corporate partners or customers. The audience decides the date, the format and the pitch \
length. Set a clear goal, such as *each startup gets five follow-up meetings*.

## Six weeks before: invite the right people

- Build an invitation list at least three times larger than the room: many will decline.
- Ask each founder for the ten investors they most want to meet, and invite them personally.
- Use an application form to collect names, organisations and interests, so that you can introduce people afterwards. On Launchpad, an \
event form does this and lets you review who applied.

## Four weeks before: shape the pitches

Give every startup the same structure and time limit: five minutes is plenty. A good demo day pitch covers the problem, the solution with \
a live demo or a short video, traction, the team and the ask. **Cut the market-size slide to one number.**

## Two weeks before: rehearse, twice

Hold two full rehearsals with a timer, an audience and honest feedback. Founders who rehearse are calmer, finish on time and answer \
questions better. Test the projector, the sound and every demo on the real equipment.

## On the day

1. Start on time and keep to the schedule; announce breaks for networking.
2. Put each startup's name, one-line description and contact on a single sheet or a shared page.
3. Have organisers introduce investors to the founders they came to see.

## The week after

Send every attendee the list of startups with their asks within 48 hours, while interest is fresh. Ask founders how many meetings they \
booked: that number is how you measure the event and improve the next one.`,
  },
  {
    slug: "pricing-your-first-product",
    title: "Pricing your first product",
    category: "Pricing",
    summary: "Price from the value you create, test early, and raise prices sooner than feels comfortable.",
    body: `First-time founders almost always charge too little. Low prices attract the least committed customers, hide whether the product \
is really valuable, and leave no money to serve customers well.

## Price from value, not from cost

Your costs set the *floor*; the value to the customer sets the *ceiling*. Ask customers what the problem costs them today in money, time \
or risk. If your product saves a warehouse ₦2 million a month, a price of ₦400,000 a month is an easy decision for them and a healthy \
business for you.

## Choose a pricing model your customer understands

- **Per seat**: simple for software used by individuals; grows with the team.
- **Usage-based**: per order, per message, per gigabyte; fair, but harder to budget for.
- **Tiers**: three plans (good, better, best) with a clear difference; most buyers pick the middle one.
- **Flat monthly fee**: easiest to sell early on, when you have few customers and simple needs.

## Test before you publish

Ask for money early. In customer interviews, name a price and watch the reaction: a quick *yes* means you are too cheap; a wince followed \
by questions means you are close. Offer a paid pilot rather than a free one: customers who pay pay attention.

## Raise prices regularly

Put your price up for new customers every time you add meaningful value or win a customer without a discount. Keep existing customers on \
their price for a period as a thank-you. If nobody ever complains about your price, it is too low.

## Avoid the common traps

1. Discounts given to close every deal quickly become your real price.
2. A free plan needs a clear path to a paid one, or it becomes your most expensive support queue.
3. Competing only on price invites a fight with companies that have more money than you.`,
  },
  {
    slug: "legal-basics-for-a-new-startup",
    title: "Legal basics for a new startup",
    category: "Legal",
    summary: "Incorporation, founder agreements, intellectual property, contracts and data protection: what to sort out first.",
    body: `You do not need a lawyer for everything, but a few things are far cheaper to do right at the start than to repair before an \
investment or an acquisition. This guide is an overview, not legal advice: rules differ between countries, so check with a lawyer where \
you are.

## Incorporate the company

Register a limited liability company before you sign contracts, take money or hire. It separates your personal assets from the company's \
debts and is required by almost every investor. Choose the country of incorporation with care: if you plan to raise from international \
investors, ask them early which structures they invest in.

## Put the founders' deal in writing

A **founders' agreement** or shareholders' agreement should record who owns what, the vesting schedule, roles, and what happens when a \
founder leaves. Make sure every founder's shares are actually issued and recorded in the company's register.

## Make sure the company owns its intellectual property

Everything the founders, employees and contractors create for the company (code, designs, brand, content) must be **assigned to the \
company in writing**. Investors check this in due diligence; an early contractor who never signed an assignment can block a deal years \
later. Register your company name and logo as trademarks in your main markets once you are sure of them.

## Use simple, written contracts

- **Customers**: terms of service for self-serve products; a short agreement with scope, price, payment terms and liability limits for \
larger deals.
- **Employees and contractors**: written agreements with confidentiality and IP assignment clauses.
- **Suppliers**: check liability, termination and what happens to your data.

## Protect personal data

If you handle personal data, you must follow the data protection law of the places your users live, such as the EU's GDPR or Nigeria's \
Data Protection Act. At a minimum: collect only what you need, publish a clear privacy policy, secure the data, and know what you would do \
if it leaked.

## Keep good records

Keep board decisions, share issuances, signed contracts and tax filings in one organised place from day one. A clean **data room** \
shortens due diligence from months to weeks.`,
  },
];

const readingMinutes = (body: string) => Math.max(1, Math.ceil(body.split(/\s+/).filter(Boolean).length / 200));

/** Writes the guides a database does not have yet (by slug); safe to run at every start. */
export async function seedGuides(db: Db): Promise<void> {
  await db
    .insert(guides)
    .values(GUIDES.map((guide) => ({ ...guide, readingMinutes: readingMinutes(guide.body) })))
    .onConflictDoNothing({ target: guides.slug });
}
