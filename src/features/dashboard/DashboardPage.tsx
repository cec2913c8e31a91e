// STUB: replaced by its issue's work.
export default function DashboardPage() {
  return <div>DashboardPage</div>;
}
