/** What other features may use of `retailers`: the retailers list (the post office filters). */
export { useRetailers } from './api/get-retailers';
