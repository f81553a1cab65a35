/**
 * Client-side checks for the login and sign-up forms, with the server's messages
 * (spec §5, contracts/src/identity.ts), so the user sees the same words either way.
 */
import type { FieldErrors } from "../api/problem.ts";

export type LoginFields = "username" | "password";
export type RegisterFields = "email" | "username" | "password" | "confirmPassword";

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const usernamePattern = /^[A-Za-z0-9_.-]+$/;

export function validateLogin(values: { username: string; password: string }): FieldErrors<LoginFields> {
  const errors: FieldErrors<LoginFields> = {};
  if (!values.username.trim()) errors.username = "Username is required";
  if (!values.password) errors.password = "Password is required";
  return errors;
}

export function validateRegister(values: {
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
}): FieldErrors<RegisterFields> {
  const errors: FieldErrors<RegisterFields> = {};
  const email = values.email.trim();
  const username = values.username.trim();
  if (!email || !emailPattern.test(email) || email.length > 254) errors.email = "Please enter a valid email";
  if (!username) errors.username = "Username is required";
  else if (username.length < 3) errors.username = "Username must be at least 3 characters";
  else if (username.length > 30) errors.username = "Username must be at most 30 characters";
  else if (!usernamePattern.test(username))
    errors.username = "Username may contain only letters, numbers, dots, dashes and underscores";
  if (!values.password) errors.password = "Password is required";
  else if (values.password.length < 8) errors.password = "Password must be at least 8 characters";
  else if (values.password.length > 128) errors.password = "Password must be at most 128 characters";
  if (!values.confirmPassword) errors.confirmPassword = "Please confirm your password";
  else if (values.confirmPassword !== values.password) errors.confirmPassword = "Passwords don't match";
  return errors;
}
