/**
 * The footer (spec §2.2): For Businesses, For Agents and Company columns, copyright and legal
 * links; signed in, only the links the user may open (footerColumnsFor, issue 46).
 */
import { useCurrentUser } from "@closr/client";
import { footerColumnsFor, footerLegal, footerTagline } from "@closr/contracts/site/ui";
import { Link } from "react-router";
import { Brand } from "./top-bar.tsx";

export function SiteFooter() {
  const user = useCurrentUser().data;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Brand />
          <p>{footerTagline}</p>
        </div>
        {footerColumnsFor(user?.userType).map((column) => (
          <div key={column.title}>
            <h2 className="footer-heading">{column.title}</h2>
            <ul className="footer-links">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.href}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="container footer-bottom">
        <p>© {new Date().getFullYear()} Closr. All rights reserved.</p>
        <ul className="footer-legal">
          {footerLegal.map((link) => (
            <li key={link.href}>
              <Link to={link.href}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
