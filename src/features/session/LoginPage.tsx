// STUB: replaced by its issue's work.
export default function LoginPage() {
  return <div>LoginPage</div>;
}
