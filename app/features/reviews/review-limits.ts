/** A review's comment and a sitter's reply: at most this many characters (DESIGN.md ruling 6). */
export const maxReviewLength = 2000
