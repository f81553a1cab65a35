/** The contact form's fields and its checks (spec §2.12: every field required), browser and server alike. */

export type ContactFields = { fullName: string; email: string; subject: string; message: string };
export const emptyContact: ContactFields = { fullName: "", email: "", subject: "", message: "" };

/** The field errors of `f` (spec §2.12's messages); empty when it can be sent. */
export const checkContact = (f: ContactFields): Partial<Record<keyof ContactFields, string>> => {
  const errors: Partial<Record<keyof ContactFields, string>> = {};
  if (!f.fullName.trim()) errors.fullName = "Full name is required";
  if (!f.email.trim()) errors.email = "Email is required";
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email.trim())) errors.email = "Please enter a valid email";
  if (!f.subject.trim()) errors.subject = "Subject is required";
  if (!f.message.trim()) errors.message = "Message is required";
  return errors;
};
