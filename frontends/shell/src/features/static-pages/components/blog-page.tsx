/**
 * Blog (spec §2.12): the featured post, categories, a search that searches, and a newsletter
 * box with double opt-in (the emailed link comes back here with ?newsletter=token).
 */
import { apiClient, describeFailure, toApiError } from "@closr/client";
import { Badge, Button, PageHeader, TextField, useSubmitOnce } from "@closr/ui";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { field, longDate, type PublicEntry, usePageMeta, usePublished } from "./public-content.ts";
import { PublicState } from "./sanitized-html.tsx";
import "./public-pages.css";

function PostCard({ post, featured = false }: { post: PublicEntry; featured?: boolean }) {
  const cover = field(post, "coverImage");
  return (
    <article className={`card public-item${featured ? " blog-featured" : ""}`}>
      {cover ? (
        <img
          className="blog-cover"
          src={`${cover}?variant=thumbnail`}
          alt={field(post, "coverImageAlt")}
          loading="lazy"
        />
      ) : null}
      <div className="stack">
        <p className="muted">
          {featured ? <Badge variant="secondary">Featured</Badge> : null} {field(post, "category")}{" "}
          {longDate(post.publishedAt)}
        </p>
        <h2 className="public-item-title">
          <Link to={`/blog/${post.slug}`}>{post.title}</Link>
        </h2>
        <p>{field(post, "lead")}</p>
      </div>
    </article>
  );
}

function Newsletter() {
  const [params, setParams] = useSearchParams();
  const token = params.get("newsletter");
  const [email, setEmail] = useState("");
  const [state, setState] = useState<{ kind: "idle" | "sent" | "confirmed" | "error"; message?: string }>({
    kind: "idle",
  });
  useEffect(() => {
    if (!token) return;
    void apiClient.POST("/api/newsletter/confirm", { body: { token } }).then(({ error }) => {
      setState(
        error
          ? { kind: "error", message: "This confirmation link is invalid or was already used." }
          : { kind: "confirmed" },
      );
      setParams({}, { replace: true });
    });
  }, [token, setParams]);
  const submit = async () => {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()))
      return setState({ kind: "error", message: "Please enter a valid email" });
    const { error, response } = await apiClient.POST("/api/newsletter", { body: { email: email.trim() } });
    if (error !== undefined) {
      setState({ kind: "error", message: describeFailure(toApiError(error, response)).message });
      return;
    }
    setState({ kind: "sent" });
    setEmail("");
  };
  // One press, one subscription (issue 46).
  const { onSubmit, isPending } = useSubmitOnce(() => submit());
  return (
    <aside className="card public-item" aria-labelledby="newsletter-title">
      <h2 id="newsletter-title" className="public-item-title">
        Newsletter
      </h2>
      <p className="muted">Sales tips and commission advice, once a month.</p>
      {state.kind === "confirmed" ? (
        <p role="status">Thanks! Your subscription is confirmed.</p>
      ) : state.kind === "sent" ? (
        <p role="status">Check your inbox: we sent a link to confirm your subscription.</p>
      ) : (
        // method="post": a press before the app hydrated puts no email in the URL (ADR 0047).
        <form className="stack" method="post" noValidate onSubmit={onSubmit} aria-label="Newsletter sign-up">
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={setEmail}
            errorMessage={state.kind === "error" ? state.message : undefined}
          />
          <Button type="submit" isPending={isPending}>
            Subscribe
          </Button>
        </form>
      )}
    </aside>
  );
}

export function BlogPage() {
  usePageMeta("/blog");
  const [params, setParams] = useSearchParams();
  const search = params.get("q") ?? "";
  const category = params.get("category") ?? "";
  const all = usePublished("blog");
  const filtered = usePublished("blog", { search, category });
  const categories = [...new Set((all.data ?? []).map((p) => field(p, "category")).filter(Boolean))];
  const posts = filtered.data ?? [];
  const filtering = Boolean(search || category);
  const featured = filtering ? undefined : (posts.find((p) => p.featured) ?? posts[0]);
  const rest = posts.filter((p) => p !== featured);
  const set = (next: { q?: string; category?: string }) => {
    const merged = { q: search, category, ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, v]) => v)), { replace: true });
  };
  return (
    <div className="container section stack-lg">
      <PageHeader title="Blog" description="Sales tips, commission advice and Closr news." />
      <form
        className="public-search"
        onSubmit={(event) => {
          event.preventDefault();
          set({ q: String(new FormData(event.currentTarget).get("q") ?? "").trim() });
        }}
      >
        <TextField label="Search articles" name="q" type="search" defaultValue={search} key={search} />
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>
      {categories.length ? (
        <nav aria-label="Categories" className="public-chips">
          <Button size="sm" variant={category ? "outline" : "primary"} onPress={() => set({ category: "" })}>
            All
          </Button>
          {categories.map((c) => (
            <Button
              key={c}
              size="sm"
              variant={category === c ? "primary" : "outline"}
              onPress={() => set({ category: c })}
            >
              {c}
            </Button>
          ))}
        </nav>
      ) : null}
      <PublicState
        isPending={filtered.isPending}
        isError={filtered.isError}
        onRetry={() => void filtered.refetch()}
      />
      {filtered.data && posts.length === 0 ? (
        <p className="muted" role="status">
          No articles match{search ? ` "${search}"` : ""}.
        </p>
      ) : null}
      <div className="blog-layout">
        <div className="stack-lg">
          {featured ? <PostCard post={featured} featured /> : null}
          {rest.length ? (
            <ul className="public-list">
              {rest.map((post) => (
                <li key={post.slug}>
                  <PostCard post={post} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <Newsletter />
      </div>
    </div>
  );
}
