/** The page a link opened without an account shows when the link is not (or no longer) valid: the B2B portal's and the retailer's case page. */
import './link-unavailable.css';

export function LinkUnavailable({ message }: { message: string }) {
  return (
    <main className="link-unavailable">
      <section className="link-unavailable__box" aria-labelledby="link-unavailable-title">
        <h1 id="link-unavailable-title">Link unavailable</h1>
        <p>{message}</p>
      </section>
    </main>
  );
}
