/**
 * Leaves the site for the gateway's hosted checkout page (a full page load: the gateway is another origin in
 * production). One function, so component tests can stand in for the browser's navigation, which jsdom lacks.
 */
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}
