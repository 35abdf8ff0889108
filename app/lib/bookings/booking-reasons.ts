// The booking reasons' translation keys live in cargo/ (the API's report reads them too).
export { bookingReasonText, translateBookingReason, type ReasonText } from "../../../cargo/awb/booking-reasons";
