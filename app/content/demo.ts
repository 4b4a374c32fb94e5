/**
 * Demo team members and testimonials for the placeholder "Flowstate" studio, seeded on a fresh
 * install (app/server/site/seed.server.ts) next to the demo posts in ./posts. Every row has a fixed id
 * so that seeding again can skip rows that already exist.
 */

export type DemoTeamMember = {
  id: string;
  name: string;
  position: string;
  bio: string | null;
  linkedinUrl: string | null;
  displayOrder: number;
  active: boolean;
};

export type DemoTestimonial = {
  id: string;
  name: string;
  company: string;
  role: string | null;
  quote: string;
  displayOrder: number;
  active: boolean;
};

export const demoTeam: DemoTeamMember[] = [
  {
    id: "5a1d2c3b-7e8f-4a6b-8c9d-0e1f2a3b4c01",
    name: "Maya Lindqvist",
    position: "Founder & CEO",
    bio: "Ran operations at two logistics scale-ups before starting the studio. Still scopes every first audit herself.",
    linkedinUrl: "https://www.linkedin.com/in/example-maya-lindqvist",
    displayOrder: 1,
    active: true,
  },
  {
    id: "5a1d2c3b-7e8f-4a6b-8c9d-0e1f2a3b4c02",
    name: "Daniel Okafor",
    position: "Head of Automation",
    bio: "Turns messy, hand-run processes into workflows that log, retry and tell a human when they need one.",
    linkedinUrl: "https://www.linkedin.com/in/example-daniel-okafor",
    displayOrder: 2,
    active: true,
  },
  {
    id: "5a1d2c3b-7e8f-4a6b-8c9d-0e1f2a3b4c03",
    name: "Priya Raman",
    position: "AI Engineer",
    bio: "Builds the agents and retrieval behind our projects, and the evaluations that keep them honest.",
    linkedinUrl: null,
    displayOrder: 3,
    active: true,
  },
  {
    id: "5a1d2c3b-7e8f-4a6b-8c9d-0e1f2a3b4c04",
    name: "Lucas Moreau",
    position: "Solutions Architect",
    bio: null,
    linkedinUrl: "https://www.linkedin.com/in/example-lucas-moreau",
    displayOrder: 4,
    active: false,
  },
];

export const demoTestimonials: DemoTestimonial[] = [
  {
    id: "9c4e7a2b-1d3f-4b5a-a6c8-7d9e0f1a2b01",
    name: "Eleanor Hayes",
    company: "Larkspur Peak Ventures",
    role: "Managing Partner",
    quote:
      "Our associates used to lose two days a week to inbound decks. Now every pitch gets a same-week answer and the partners only see the companies that actually fit our thesis.",
    displayOrder: 1,
    active: true,
  },
  {
    id: "9c4e7a2b-1d3f-4b5a-a6c8-7d9e0f1a2b02",
    name: "Marcus Bell",
    company: "Tidewell Software",
    role: "VP of Sales",
    quote: "For the first time in years my reps trust what the CRM tells them. Lead routing just works, and call notes write themselves.",
    displayOrder: 2,
    active: true,
  },
  {
    id: "9c4e7a2b-1d3f-4b5a-a6c8-7d9e0f1a2b03",
    name: "Aisha Karimi",
    company: "Orchard & Finch Logistics",
    role: "Head of People",
    quote:
      "New hires now arrive to a working laptop, their accounts and a planned first week. My team got back hours every month, and nobody had to learn a new tool.",
    displayOrder: 3,
    active: true,
  },
  {
    id: "9c4e7a2b-1d3f-4b5a-a6c8-7d9e0f1a2b04",
    name: "Jonas Becker",
    company: "Ferrowind Industrial",
    role: "Operations Director",
    quote: "They started with a two-week audit instead of a sales pitch. The first three automations paid for the whole engagement before the quarter was out.",
    displayOrder: 4,
    active: true,
  },
  {
    id: "9c4e7a2b-1d3f-4b5a-a6c8-7d9e0f1a2b05",
    name: "Rachel Dunmore",
    company: "Saltmarsh Capital",
    role: "CFO",
    quote: "Quarterly reporting went from a three-week scramble to a calm few days. Our LPs noticed the difference before we told them anything had changed.",
    displayOrder: 5,
    active: true,
  },
  {
    id: "9c4e7a2b-1d3f-4b5a-a6c8-7d9e0f1a2b06",
    name: "Kevin Osei",
    company: "Brightkettle Analytics",
    role: null,
    quote: "Clear documentation, sensible error handling and a team that picks up the phone. Exactly what we needed to stop babysitting our workflows.",
    displayOrder: 6,
    active: false,
  },
];
