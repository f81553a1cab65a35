/**
 * /admin/users: search users, view their details, suspend / unsuspend (a suspended user cannot
 * log in and their sessions end) and grant / revoke admin. Every action is audit-logged.
 */

import { failureToast } from "@closr/client";
import { Badge, Button, toast } from "@closr/ui";
import { useState } from "react";
import { type ManagedUser, PAGE_SIZE, useUserAction, useUsers } from "../../content/api/content-api.ts";
import {
  AdminPage,
  AdminSearchList,
  AdminTable,
  ConfirmDialog,
  useListParams,
} from "../../shared/components/admin-list.tsx";
import { shortDate } from "../../shared/components/pager.tsx";
import "../../shared/components/admin.css";

type Pending = { user: ManagedUser; kind: "suspend" | "unsuspend" | "grant" | "revoke" };

const verbs: Record<Pending["kind"], { title: string; text: (u: ManagedUser) => string; done: string }> = {
  suspend: {
    title: "Suspend User",
    text: (u) =>
      `Suspend ${u.username}? They will be logged out everywhere and cannot log in until unsuspended.`,
    done: "User suspended.",
  },
  unsuspend: {
    title: "Unsuspend User",
    text: (u) => `Let ${u.username} log in again?`,
    done: "User unsuspended.",
  },
  grant: {
    title: "Grant Admin",
    text: (u) => `Give ${u.username} full admin access?`,
    done: "Admin access granted.",
  },
  revoke: {
    title: "Revoke Admin",
    text: (u) => `Remove admin access from ${u.username}?`,
    done: "Admin access revoked.",
  },
};

export function UsersPage() {
  const { search, page } = useListParams();
  const users = useUsers(search, page);
  const action = useUserAction();
  const [pending, setPending] = useState<Pending | null>(null);

  const confirm = () => {
    if (!pending) return;
    const { user, kind } = pending;
    const input =
      kind === "suspend" || kind === "unsuspend"
        ? { id: user.id, suspended: kind === "suspend" }
        : { id: user.id, role: kind === "grant" ? ("admin" as const) : ("member" as const) };
    action.mutate(input, {
      onSuccess: () => toast({ title: "Done", description: verbs[kind].done, variant: "success" }),
      onError: failureToast("Error"),
      onSettled: () => setPending(null),
    });
  };

  return (
    <AdminPage title="Users" description="Search, suspend and manage admin access.">
      <AdminSearchList
        label="Search users"
        placeholder="Username or email"
        noun="users"
        query={users}
        pageSize={PAGE_SIZE}
      >
        {(items) => (
          <AdminTable columns={["User", "Type", "Status", "Joined", "Actions"]}>
            {items.map((u) => (
              <tr key={u.id}>
                <td>
                  <strong>{u.username}</strong>
                  <div className="muted">{u.email}</div>
                </td>
                <td>
                  {u.userType === "business" ? "Business" : "Agent"}
                  {u.role === "admin" ? (
                    <>
                      {" "}
                      <Badge variant="secondary">Admin</Badge>
                    </>
                  ) : null}
                </td>
                <td>
                  {u.suspendedAt ? (
                    <Badge variant="destructive">Suspended</Badge>
                  ) : (
                    <Badge variant="success">Active</Badge>
                  )}{" "}
                  <span className="muted">{u.verificationStatus}</span>
                </td>
                <td>{shortDate(u.createdAt)}</td>
                <td>
                  <div className="admin-actions">
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`${u.suspendedAt ? "Unsuspend" : "Suspend"} ${u.username}`}
                      onPress={() => setPending({ user: u, kind: u.suspendedAt ? "unsuspend" : "suspend" })}
                    >
                      {u.suspendedAt ? "Unsuspend" : "Suspend"}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`${u.role === "admin" ? "Revoke admin from" : "Make admin"} ${u.username}`}
                      onPress={() => setPending({ user: u, kind: u.role === "admin" ? "revoke" : "grant" })}
                    >
                      {u.role === "admin" ? "Revoke admin" : "Make admin"}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </AdminSearchList>
      <ConfirmDialog
        title={pending ? verbs[pending.kind].title : "Confirm"}
        isOpen={pending !== null}
        onClose={() => setPending(null)}
        onConfirm={confirm}
        isPending={action.isPending}
        confirm="Confirm"
        variant={pending?.kind === "suspend" ? "destructive" : "primary"}
      >
        <p>{pending ? verbs[pending.kind].text(pending.user) : null}</p>
      </ConfirmDialog>
    </AdminPage>
  );
}
