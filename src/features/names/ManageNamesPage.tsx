// STUB: replaced by its issue's work.
export default function ManageNamesPage() {
  return <div>ManageNamesPage</div>;
}
