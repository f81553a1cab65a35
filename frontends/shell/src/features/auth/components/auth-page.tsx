/**
 * /auth (spec §2.3): tabs "Log In" and "Sign Up" beside the marketing panel. A signed-in
 * visitor goes straight to their dashboard. `?tab=signup` opens the Sign Up tab.
 * The tabs are links (/auth, /auth?tab=signup), so a press before the app has hydrated the
 * server-rendered page still opens the tab (ADR 0047).
 */
import { dashboardPath, useCurrentUser } from "@closr/client";
import { Icon, PageSpinner, Tab, TabList, TabPanel, Tabs } from "@closr/ui";
import { useEffect, useState } from "react";
import type { Key } from "react-aria-components";
import { Navigate, useSearchParams } from "react-router";
import { LoginForm } from "./login-form.tsx";
import { RegisterForm } from "./register-form.tsx";

const highlights = [
  {
    icon: "shield" as const,
    title: "Verified Profiles",
    text: "Every business and agent can be background-checked and earn a verified badge within 2-3 business days.",
  },
  {
    icon: "target" as const,
    title: "Smart Matching",
    text: "Find the right fit by industry, experience and skills instead of cold outreach.",
  },
  {
    icon: "star" as const,
    title: "Transparent Reviews",
    text: "Ratings and reviews from real partnerships, so reputation is earned in the open.",
  },
];

export function AuthPage() {
  const { data: user, isPending } = useCurrentUser();
  const [params] = useSearchParams();
  const requested = params.get("tab") === "signup" ? "signup" : "login";
  const [tab, setTab] = useState<Key>(requested);
  // Follow a new ?tab= link (e.g. "Sign up" in the top bar) while already on /auth; clicks stay local.
  useEffect(() => setTab(requested), [requested]);

  if (isPending) return <PageSpinner label="Checking your session" />;
  if (user) return <Navigate to={dashboardPath(user.userType)} replace />;

  return (
    <div className="container auth-layout section">
      <div className="auth-card card">
        <div className="auth-card-head">
          <h1 className="page-title">Welcome to Closr</h1>
          <p className="page-description">Log in to your account or create a new one to get started.</p>
        </div>
        <Tabs selectedKey={tab} onSelectionChange={setTab}>
          <TabList aria-label="Log in or sign up">
            <Tab id="login" href="/auth">
              Log In
            </Tab>
            <Tab id="signup" href="/auth?tab=signup">
              Sign Up
            </Tab>
          </TabList>
          <TabPanel id="login">
            <LoginForm />
          </TabPanel>
          <TabPanel id="signup">
            <RegisterForm />
          </TabPanel>
        </Tabs>
      </div>
      <aside className="auth-hero" aria-labelledby="auth-hero-title">
        <h2 id="auth-hero-title" className="auth-hero-title">
          Connect with Australia's Top Talent
        </h2>
        <p className="auth-hero-lead">
          Closr brings businesses and commission-based sales agents together, with the tools to run the
          partnership.
        </p>
        <ul className="auth-hero-list">
          {highlights.map((item) => (
            <li key={item.title}>
              <span className="icon-bubble icon-bubble-light" aria-hidden="true">
                <Icon name={item.icon} size={22} />
              </span>
              <div>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
