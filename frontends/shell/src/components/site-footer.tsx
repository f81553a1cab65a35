/** The footer (spec §2.2): For Businesses, For Agents and Company columns, copyright and legal links. */
import { Link } from "react-router";
import { Brand } from "./top-bar.tsx";

const columns = [
  {
    title: "For Businesses",
    links: [
      { label: "Browse Agents", to: "/business/find-agents" },
      { label: "Plans & Pricing", to: "/pricing" },
      { label: "Business Verification", to: "/verification" },
      { label: "How Closr Works", to: "/how-it-works" },
    ],
  },
  {
    title: "For Agents",
    links: [
      { label: "Browse Businesses", to: "/agent/find-businesses" },
      { label: "Commission Guides", to: "/commission-guides" },
      { label: "Agent Verification", to: "/verification" },
      { label: "Register as an Agent", to: "/auth?tab=signup&type=agent" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "About", to: "/about" },
      { label: "Careers", to: "/careers" },
      { label: "Blog", to: "/blog" },
      { label: "Press", to: "/press" },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Brand />
          <p>Connecting Australian businesses with verified, commission-based sales agents.</p>
        </div>
        {columns.map((column) => (
          <div key={column.title}>
            <h2 className="footer-heading">{column.title}</h2>
            <ul className="footer-links">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="container footer-bottom">
        <p>© {new Date().getFullYear()} Closr. All rights reserved.</p>
        <ul className="footer-legal">
          <li>
            <Link to="/privacy">Privacy Policy</Link>
          </li>
          <li>
            <Link to="/terms">Terms of Service</Link>
          </li>
          <li>
            <Link to="/contact">Contact Us</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
