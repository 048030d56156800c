/**
 * Query sets shipped with the lab, as JSON Lines in the format `npm run eval:search` reads.
 *
 * `mixed-mcp` starts from `lib/search/fixtures/mcp-queries.jsonl` (46 queries written as users phrase them) with
 * each `server:tool` name mapped to its name in the merged example catalog (`archived-github__create_issue`), plus
 * the equivalent tool of GitHub's official server wherever the archived one is expected (the same request is just as
 * well served by either), and 32 more queries for the servers the fixture does not cover (Playwright, Notion,
 * GitHub's official server, Redis, Sentry…). A test checks that every expected tool exists in the example.
 */
import type { LabQuery } from "./query-set";

const MIXED_MCP_QUERIES = `
{"q":"what time is it in Tokyo right now","expect":["get_current_time"]}
{"q":"if it's 3pm in New York, what time is that in London?","expect":["convert_time"]}
{"q":"post a message in the #general slack channel","expect":["slack_post_message"]}
{"q":"reply in the thread under that slack message","expect":["slack_reply_to_thread"]}
{"q":"add a thumbs up emoji reaction to the message","expect":["slack_add_reaction"]}
{"q":"show me the latest messages in the engineering channel","expect":["slack_get_channel_history"]}
{"q":"who are the members of our slack workspace","expect":["slack_get_users"]}
{"q":"which files have I changed but not staged yet","expect":["git_diff_unstaged","git_status"]}
{"q":"commit my changes with the message fix typo","expect":["git_commit"]}
{"q":"create a new git branch called feature-login","expect":["git_create_branch"]}
{"q":"show the commit history of the repository","expect":["git_log","archived-github__list_commits","github__list_commits"]}
{"q":"switch to the main branch","expect":["git_checkout"]}
{"q":"unstage everything I added","expect":["git_reset"]}
{"q":"read the contents of config.yaml","expect":["read_text_file","read_file"]}
{"q":"save these notes to a new file notes.txt","expect":["write_file"]}
{"q":"what files are in the src folder","expect":["list_directory","list_directory_with_sizes"]}
{"q":"find all markdown files under docs","expect":["search_files"]}
{"q":"rename report.pdf to final-report.pdf","expect":["move_file"]}
{"q":"make a new folder called build","expect":["create_directory"]}
{"q":"when was this file last modified and how big is it","expect":["get_file_info"]}
{"q":"show the project's folder structure as a tree","expect":["directory_tree"]}
{"q":"download https://example.com/changelog and give me the text as markdown","expect":["fetch"]}
{"q":"remember that Alice is the tech lead at Acme","expect":["create_entities","add_observations"]}
{"q":"what do you remember about Alice","expect":["search_nodes","open_nodes"]}
{"q":"forget everything you know about project Falcon","expect":["delete_entities"]}
{"q":"how do I get from the airport to downtown by transit","expect":["maps_directions"]}
{"q":"what are the latitude and longitude of 1600 Amphitheatre Parkway","expect":["maps_geocode"]}
{"q":"which street address is at these GPS coordinates","expect":["maps_reverse_geocode"]}
{"q":"find coffee shops near the office","expect":["maps_search_places","brave_local_search"]}
{"q":"how far is Boston from New York by car and how long is the drive","expect":["maps_distance_matrix","maps_directions"]}
{"q":"open an issue on GitHub about the login bug","expect":["archived-github__create_issue","github__create_issue","issue_write"]}
{"q":"open a PR from my feature branch into main","expect":["archived-github__create_pull_request","github__create_pull_request"]}
{"q":"merge pull request 42","expect":["archived-github__merge_pull_request","github__merge_pull_request"]}
{"q":"fork this repository into our organization","expect":["archived-github__fork_repository","github__fork_repository"]}
{"q":"leave a comment on issue 12 saying it's fixed","expect":["archived-github__add_issue_comment","github__add_issue_comment"]}
{"q":"search GitHub for repositories about vector databases","expect":["archived-github__search_repositories","github__search_repositories"]}
{"q":"find code across GitHub that calls useEffect","expect":["archived-github__search_code","github__search_code"]}
{"q":"refund the customer's last payment","expect":["create_refund"]}
{"q":"send an invoice to customer cus_123","expect":["create_invoice"]}
{"q":"what is our current Stripe account balance","expect":["retrieve_balance"]}
{"q":"cancel this customer's subscription","expect":["cancel_subscription"]}
{"q":"create a 20% off discount coupon","expect":["create_coupon"]}
{"q":"make a payment link for the pro plan price","expect":["create_payment_link"]}
{"q":"search the web for the latest TypeScript release notes","expect":["brave_web_search"]}
{"q":"how many rows are in the orders table? run a SELECT","expect":["read_query","query"]}
{"q":"what tables exist in the database","expect":["list_tables"]}
{"q":"take a screenshot of the web page","expect":["browser_take_screenshot","puppeteer_screenshot"]}
{"q":"go to https://example.com in the browser","expect":["browser_navigate","puppeteer_navigate"]}
{"q":"click the submit button on the page","expect":["browser_click","puppeteer_click"]}
{"q":"type my email address into the login form","expect":["browser_type","browser_fill_form","puppeteer_fill"]}
{"q":"save the current page as a PDF","expect":["browser_pdf_save"]}
{"q":"which network requests did the page make","expect":["browser_network_requests"]}
{"q":"clear all the cookies in the browser","expect":["browser_cookie_clear"]}
{"q":"open a new browser tab","expect":["browser_tabs"]}
{"q":"run some JavaScript on the page","expect":["browser_evaluate","puppeteer_evaluate","browser_run_code_unsafe"]}
{"q":"wait until the text Done appears","expect":["browser_wait_for"]}
{"q":"press Enter","expect":["browser_press_key"]}
{"q":"find my Notion page about the roadmap","expect":["API-post-search"]}
{"q":"add a comment to the Notion page","expect":["API-create-a-comment"]}
{"q":"create a new page in Notion","expect":["API-post-page"]}
{"q":"who am I logged in as on GitHub","expect":["get_me"]}
{"q":"list the open pull requests in our repo","expect":["github__list_pull_requests","archived-github__list_pull_requests","search_pull_requests"]}
{"q":"show me the logs of the failing CI job","expect":["get_job_logs"]}
{"q":"star this repository","expect":["star_repository"]}
{"q":"are there any dependabot alerts for the repo","expect":["list_dependabot_alerts"]}
{"q":"what is the latest release of react","expect":["get_latest_release"]}
{"q":"what changed in the last commit","expect":["git_show","get_commit"]}
{"q":"store the session token in Redis for an hour","expect":["set"]}
{"q":"delete the redis key user:42","expect":["delete"]}
{"q":"look up this Sentry error","expect":["get_sentry_issue"]}
{"q":"find the budget spreadsheet in Google Drive","expect":["search"]}
{"q":"generate an image of a cat astronaut","expect":["generate_image"]}
{"q":"think through this problem step by step","expect":["sequentialthinking"]}
{"q":"open a merge request on GitLab","expect":["create_merge_request"]}
{"q":"list our Stripe customers","expect":["list_customers"]}
{"q":"create a table for orders in the SQLite database","expect":["create_table"]}
{"q":"how high above sea level is Denver","expect":["maps_elevation"]}
{"q":"ask the AWS knowledge base about our refund policy","expect":["retrieve_from_aws_kb"]}
`;

const LEARNING_AGENT_QUERIES = `
{"q":"turn my biology notes into flashcards","expect":["learning_create_cards"]}
{"q":"make me a study plan for the exam in three weeks","expect":["learning_create_plan"]}
{"q":"which cards should I review today","expect":["learning_review_due_cards"]}
{"q":"I remembered that card easily","expect":["learning_record_review"]}
{"q":"quiz me on photosynthesis","expect":["learning_generate_quiz"]}
{"q":"is my answer to question 3 right","expect":["learning_grade_answer"]}
{"q":"summarise this chapter into an outline","expect":["learning_summarize_notes"]}
{"q":"explain entropy like I'm fifteen","expect":["learning_explain_concept"]}
{"q":"how much did I study this week","expect":["learning_track_progress"]}
{"q":"book a study session tomorrow at 6pm","expect":["learning_schedule_session","calendar_create_event"]}
{"q":"what did I write about mitochondria","expect":["learning_search_notes"]}
{"q":"import this PDF lecture","expect":["learning_import_document"]}
{"q":"will it rain in Berlin tomorrow","expect":["get_weather"]}
{"q":"email my tutor the plan","expect":["send_email"]}
{"q":"look up the latest research on spaced repetition online","expect":["web_search"]}
`;

const WEATHER_QUERIES = `
{"q":"is it going to be cold in Oslo","expect":["get_weather"]}
{"q":"what is the temperature in Paris","expect":["get_weather"]}
{"q":"find the file that mentions the budget","expect":["search_files"]}
{"q":"search my workspace for notes on the launch","expect":["search_files"]}
`;

/** Example id → its shipped query set (JSON Lines). */
export const DEFAULT_QUERY_SETS: Readonly<Record<string, string>> = {
  "mixed-mcp": MIXED_MCP_QUERIES,
  "learning-agent": LEARNING_AGENT_QUERIES,
  weather: WEATHER_QUERIES,
};

/** The shipped queries of an example, or undefined when it has none (the lab then suggests starter queries). */
export function defaultQueries(exampleId: string): LabQuery[] | undefined {
  const text = DEFAULT_QUERY_SETS[exampleId];
  if (text === undefined) return undefined;
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const { q, expect } = JSON.parse(line) as { q: string; expect: string[] };
      return { q, expect, origin: "written" as const };
    });
}
