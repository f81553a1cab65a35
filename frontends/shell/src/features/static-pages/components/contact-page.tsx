/**
 * Contact (spec §2.12): phone, three email addresses and the Sydney virtual office; a message
 * form (all fields required) that is delivered to support for real and acknowledged with
 * "Message Sent"; an FAQ; links to /verification and /privacy.
 */

import { apiClient, formFailure, toApiError } from "@closr/client";
import { contactDetails } from "@closr/contracts/site";
import {
  Alert,
  Button,
  Card,
  CardContent,
  FormFields,
  Icon,
  type IconName,
  PageHeader,
  TextAreaField,
  toast,
  useSubmitOnce,
} from "@closr/ui";
import { type ReactNode, useRef, useState } from "react";
import { Link } from "react-router";
import { postedFailure, usePostedForm } from "../../../app/posted-form.ts";
import { useTypedBeforeHydration } from "../../../app/use-typed-before-hydration.ts";
import {
  checkContact as check,
  emptyContact as empty,
  type ContactFields as Fields,
} from "./contact-checks.ts";
import { usePageMeta } from "./public-content.ts";
import "./public-pages.css";

const contactFields = [
  { name: "fullName", label: "Full name" },
  { name: "email", label: "Email", type: "email" },
  { name: "subject", label: "Subject" },
] as const;

function ContactForm() {
  // A message posted before the app hydrated (issue 46): the server sent it (the thank-you), or
  // drew the form again with the typed text and what was wrong.
  const posted = usePostedForm("contact");
  const failure = postedFailure(posted);
  const start: Fields = { ...empty, ...(posted?.done ? {} : posted?.values) };
  const [fields, setFields] = useState<Fields>(start);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>(failure.fieldErrors);
  const [refused] = useState(failure.message);
  const [sent, setSent] = useState(posted?.done === true);
  const set = (name: keyof Fields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));
  const formRef = useRef<HTMLFormElement>(null);
  // One press, one message (issue 46): a double tap on Send Message sends it once.
  const { onSubmit, isPending: sending } = useSubmitOnce(() => submit());
  useTypedBeforeHydration(formRef, start, (typed) => setFields((f) => ({ ...f, ...typed })));

  const submit = async () => {
    const found = check(fields);
    setErrors(found);
    if (Object.keys(found).length) return;
    const { error, response } = await apiClient.POST("/api/contact", { body: fields });
    if (error !== undefined) {
      formFailure(setErrors, "Message not sent")(toApiError(error, response));
      return;
    }
    toast({
      title: "Message Sent",
      description: "We'll get back to you within 24 hours.",
      variant: "success",
    });
    setSent(true);
    setFields(empty);
  };

  return (
    // method="post": a press before the app hydrated sends nothing in the URL (ADR 0047).
    <form
      ref={formRef}
      method="post"
      className="stack"
      noValidate
      aria-label="Send us a message"
      onSubmit={onSubmit}
    >
      {sent ? (
        <p role="status" className="contact-sent">
          <strong>Message Sent</strong> Thanks, we'll get back to you within 24 hours.
        </p>
      ) : null}
      {refused && !sent ? <Alert>{refused}</Alert> : null}
      <FormFields fields={contactFields} values={fields} errors={errors} onChange={set} />
      <TextAreaField
        label="Message"
        name="message"
        required
        rows={6}
        value={fields.message}
        onChange={(event) => set("message")(event.currentTarget.value)}
        errorMessage={errors.message}
      />
      <div>
        <Button type="submit" isPending={sending}>
          {sending ? "Sending…" : "Send Message"}
        </Button>
      </div>
    </form>
  );
}

/** One way to reach us: a card with its icon in a bubble, its heading, then the details. */
function ContactItem({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <li className="card public-item">
      <span className="icon-bubble" aria-hidden="true">
        <Icon name={icon} size={20} />
      </span>
      <h2 className="public-item-title">{title}</h2>
      {children}
    </li>
  );
}

export function ContactPage() {
  usePageMeta("/contact");
  return (
    <div className="container section stack-lg">
      <PageHeader title="Contact Us" description={contactDetails.hours} />
      <ul className="public-grid">
        <ContactItem icon="bell" title="Phone">
          <a href={`tel:${contactDetails.phone.replace(/\s/g, "")}`}>{contactDetails.phone}</a>
        </ContactItem>
        <ContactItem icon="message" title="Email">
          <ul className="plain-list">
            {contactDetails.emails.map((e) => (
              <li key={e.address}>
                {e.label}: <a href={`mailto:${e.address}`}>{e.address}</a>
              </li>
            ))}
          </ul>
        </ContactItem>
        <ContactItem icon="home" title="Office">
          <p>{contactDetails.office}</p>
        </ContactItem>
      </ul>
      <div className="contact-layout">
        <Card>
          <CardContent>
            <h2 className="public-item-title">Send us a message</h2>
            <ContactForm />
          </CardContent>
        </Card>
        <section aria-labelledby="faq" className="stack">
          <h2 id="faq">Frequently asked questions</h2>
          <dl className="faq">
            {contactDetails.faq.map((f) => (
              <div key={f.q}>
                <dt>{f.q}</dt>
                <dd>{f.a}</dd>
              </div>
            ))}
          </dl>
          <p>
            Ready to get verified? Start on the <Link to="/verification">Verification page</Link>. How we
            handle your data: <Link to="/privacy">Privacy Policy</Link>.
          </p>
        </section>
      </div>
    </div>
  );
}
