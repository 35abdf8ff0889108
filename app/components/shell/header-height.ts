/**
 * Height of the main shell's header in px: the layout sizes the header with it, and the notice toast starts
 * below it so a notice never covers the header's switches (language, time, sign out).
 */
export const HEADER_HEIGHT = 56;
