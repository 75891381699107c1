/**
 * The two-factor card's height while it loads, as measured in Chromium on the real page (390 px
 * wide, then from `sm`): the account page's placeholder and the card's own use it, so nothing
 * below moves when the card arrives.
 */
export const twoFactorCardHeight = "h-[261px] sm:h-[221px]";
