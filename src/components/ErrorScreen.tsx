// STUB: replaced by the shell work (issue 2).
export function RouteErrorScreen() {
  return <div>Something went wrong.</div>;
}
