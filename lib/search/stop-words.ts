/**
 * English function words dropped by the client search and by the simulated model when it writes a query.
 * Deliberately leaves out words that carry meaning in tool names (`get`, `new`, `list`, `show`, `find`, `first`,
 * `last`), so that "get the first page" still finds `get_page`. The tokeniser treats an apostrophe as a separator,
 * so the pieces of contractions (`don`, `t`, `ll`…) are listed too.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  "a", "about", "above", "after", "again", "against", "all", "am", "an", "and", "any", "are", "as", "at",
  "be", "because", "been", "before", "being", "below", "between", "both", "but", "by",
  "can", "could", "did", "do", "does", "doing", "during", "each", "either", "else", "etc", "ever",
  "few", "for", "from", "further", "had", "has", "have", "having", "he", "her", "here", "hers", "herself", "him",
  "himself", "his", "how", "i", "if", "in", "into", "is", "it", "its", "itself", "just",
  "me", "more", "most", "my", "myself", "no", "nor", "not", "now", "of", "off", "on", "once", "only", "or",
  "other", "our", "ours", "ourselves", "out", "over", "own", "same", "she", "should", "so", "some", "such",
  "than", "that", "the", "their", "theirs", "them", "themselves", "then", "there", "these", "they", "this",
  "those", "through", "to", "too", "under", "until", "up", "very", "was", "we", "were", "what", "when", "where",
  "which", "while", "who", "whom", "why", "will", "with", "would", "you", "your", "yours", "yourself",
  "yourselves",
  "s", "t", "d", "ll", "m", "re", "ve", "don", "doesn", "didn", "isn", "aren", "wasn", "weren", "won", "wouldn",
  "shouldn", "couldn", "haven", "hasn",
]);

/**
 * Words a user says to an assistant that never name what a tool does ("please", "could you help me…"). The
 * simulated model leaves them out of the search queries it writes, as a model does.
 */
export const CONVERSATIONAL_FILLER_WORDS: ReadonlySet<string> = new Set([
  "please", "pls", "thanks", "thank", "hey", "hi", "hello", "ok", "okay", "help", "want", "wanna", "need",
  "like", "let", "lets", "us", "something", "someone", "somehow", "kindly", "maybe", "also", "really", "actually",
  "quickly", "right", "go", "ahead", "sure", "tell", "know", "able", "use", "using", "tool", "tools",
]);
