import type { User } from "../identity/index.ts";

export const isStaff = (user: User) => user.role === "admin";
