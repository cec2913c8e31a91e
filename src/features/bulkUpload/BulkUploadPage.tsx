// STUB: replaced by its issue's work.
export default function BulkUploadPage() {
  return <div>BulkUploadPage</div>;
}
