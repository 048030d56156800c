/**
 * Business domains for synthetic catalogs: the vocabulary real SaaS tool sets are built from, so that search
 * over generated tools behaves like search over real ones (shared words across domains, distinct nouns within).
 */

export type ParameterSpec = {
  name: string;
  type: "string" | "integer" | "number" | "boolean" | "array";
  description: string;
  enum?: string[];
  format?: string;
  items?: { type: "string" | "integer"; enum?: string[] };
  minimum?: number;
  maximum?: number;
};

export type Domain = {
  /** Tool-name prefix, e.g. `crm` in `crm_create_contact`. */
  prefix: string;
  /** How descriptions name the system, e.g. "the CRM". */
  system: string;
  /** What the system is for, one clause. */
  purpose: string;
  nouns: string[];
  statuses: string[];
  fields: ParameterSpec[];
};

const text = (name: string, description: string): ParameterSpec => ({ name, type: "string", description });
const choice = (name: string, description: string, values: string[]): ParameterSpec => ({
  name,
  type: "string",
  description,
  enum: values,
});
const whole = (name: string, description: string, minimum?: number, maximum?: number): ParameterSpec => ({
  name,
  type: "integer",
  description,
  minimum,
  maximum,
});
const amount = (name: string, description: string): ParameterSpec => ({
  name,
  type: "number",
  description,
  minimum: 0,
});
const date = (name: string, description: string): ParameterSpec => ({
  name,
  type: "string",
  format: "date",
  description,
});
const list = (name: string, description: string): ParameterSpec => ({
  name,
  type: "array",
  items: { type: "string" },
  description,
});
const flag = (name: string, description: string): ParameterSpec => ({ name, type: "boolean", description });

export const DOMAINS: Domain[] = [
  {
    prefix: "crm",
    system: "the CRM",
    purpose: "tracks customers, deals and every conversation with them",
    nouns: ["contact", "deal", "account", "lead", "pipeline", "activity", "note", "segment"],
    statuses: ["open", "won", "lost", "stalled"],
    fields: [
      { ...text("email", "Primary email address, used to match existing records."), format: "email" },
      text("company_name", "Legal or trading name of the company."),
      choice("lifecycle_stage", "Where the record sits in the sales funnel.", [
        "subscriber",
        "lead",
        "opportunity",
        "customer",
        "evangelist",
      ]),
      amount("deal_value", "Expected value in the account currency."),
      text("owner_id", "User id of the sales representative who owns the record."),
    ],
  },
  {
    prefix: "invoice",
    system: "the invoicing service",
    purpose: "issues invoices, collects payments and chases late payers",
    nouns: ["invoice", "payment", "credit_note", "reminder", "line_item", "customer", "tax_rate", "payment_plan"],
    statuses: ["draft", "sent", "paid", "overdue", "void"],
    fields: [
      choice("currency", "Three-letter ISO 4217 currency code.", ["usd", "eur", "gbp", "jpy", "cny"]),
      amount("amount", "Amount in major units, before tax."),
      date("due_date", "Date by which payment is expected."),
      text("customer_id", "Id of the billed customer."),
      whole("days_overdue", "Only match invoices at least this many days past due.", 0, 365),
    ],
  },
  {
    prefix: "calendar",
    system: "the calendar",
    purpose: "schedules meetings across people, rooms and time zones",
    nouns: ["event", "meeting", "room", "attendee", "availability", "reminder", "calendar", "recurrence"],
    statuses: ["confirmed", "tentative", "cancelled"],
    fields: [
      { ...text("start_time", "Start in ISO 8601 with an offset."), format: "date-time" },
      whole("duration_minutes", "Length of the meeting in minutes.", 5, 480),
      list("attendee_emails", "Email addresses of the people to invite."),
      text("timezone", "IANA time zone used to interpret local times, e.g. Europe/Berlin."),
      choice("visibility", "Who can see the event details.", ["default", "public", "private"]),
    ],
  },
  {
    prefix: "ticket",
    system: "the help desk",
    purpose: "handles customer support requests from first reply to resolution",
    nouns: ["ticket", "reply", "macro", "queue", "sla_policy", "tag", "satisfaction_survey", "escalation"],
    statuses: ["new", "open", "pending", "solved", "closed"],
    fields: [
      choice("priority", "How urgent the request is.", ["low", "normal", "high", "urgent"]),
      text("requester_email", "Email of the customer who asked for help."),
      text("subject", "One-line summary shown in queues."),
      text("assignee_id", "Agent the work is assigned to."),
      choice("channel", "Where the request came from.", ["email", "chat", "phone", "web_form"]),
    ],
  },
  {
    prefix: "inventory",
    system: "the inventory system",
    purpose: "keeps stock levels right across warehouses",
    nouns: [
      "item",
      "stock_level",
      "warehouse",
      "transfer",
      "supplier",
      "purchase_order",
      "bin_location",
      "stock_count",
    ],
    statuses: ["in_stock", "low", "out_of_stock", "discontinued"],
    fields: [
      text("sku", "Stock keeping unit, unique per product variant."),
      whole("quantity", "Number of units.", 0, 100000),
      text("warehouse_code", "Short code of the warehouse, e.g. BER-1."),
      whole("reorder_point", "Stock level that triggers a reorder.", 0, 10000),
      text("supplier_id", "Id of the supplier that ships the item."),
    ],
  },
  {
    prefix: "hr",
    system: "the HR system",
    purpose: "manages employees, time off and reviews",
    nouns: [
      "employee",
      "time_off_request",
      "review",
      "position",
      "department",
      "onboarding_task",
      "benefit",
      "document",
    ],
    statuses: ["active", "on_leave", "terminated"],
    fields: [
      text("employee_id", "Id of the employee record."),
      date("start_date", "First day the change applies."),
      choice("employment_type", "Contract type.", ["full_time", "part_time", "contractor", "intern"]),
      text("manager_id", "Employee id of the direct manager."),
      text("department_code", "Code of the department, e.g. ENG."),
    ],
  },
  {
    prefix: "payroll",
    system: "payroll",
    purpose: "runs pay cycles, deductions and tax filings",
    nouns: ["pay_run", "payslip", "deduction", "bonus", "tax_filing", "pay_schedule", "expense_claim", "salary_band"],
    statuses: ["scheduled", "processing", "paid", "failed"],
    fields: [
      date("period_start", "First day of the pay period."),
      date("period_end", "Last day of the pay period."),
      amount("gross_amount", "Gross pay before deductions."),
      choice("pay_frequency", "How often the employee is paid.", ["weekly", "biweekly", "monthly"]),
      text("cost_center", "Cost center the payment is booked to."),
    ],
  },
  {
    prefix: "analytics",
    system: "the analytics workspace",
    purpose: "answers questions about product usage with events, funnels and dashboards",
    nouns: ["report", "dashboard", "funnel", "cohort", "metric", "event", "segment", "alert"],
    statuses: ["active", "paused", "archived"],
    fields: [
      date("from_date", "Start of the reporting window."),
      date("to_date", "End of the reporting window, inclusive."),
      choice("granularity", "Time bucket for series.", ["hour", "day", "week", "month"]),
      list("group_by", "Properties to break results down by."),
      text("event_name", "Tracked event, e.g. checkout_completed."),
    ],
  },
  {
    prefix: "email",
    system: "the email service",
    purpose: "sends transactional and marketing email and tracks delivery",
    nouns: ["message", "template", "draft", "mailbox", "attachment", "bounce", "label", "thread"],
    statuses: ["queued", "sent", "delivered", "bounced"],
    fields: [
      { ...text("to", "Recipient address."), format: "email" },
      text("subject", "Subject line."),
      text("body_html", "Message body as HTML."),
      list("cc", "Addresses to copy."),
      flag("track_opens", "Record when the recipient opens the message."),
    ],
  },
  {
    prefix: "storage",
    system: "cloud storage",
    purpose: "stores files and folders with sharing and versioning",
    nouns: ["file", "folder", "share_link", "version", "bucket", "upload", "permission", "trash_item"],
    statuses: ["active", "trashed", "locked"],
    fields: [
      text("path", "Full path from the bucket root, e.g. reports/2026/q1.pdf."),
      choice("access_level", "What people with the link can do.", ["view", "comment", "edit"]),
      whole("max_size_mb", "Largest file size to include, in megabytes.", 1, 5120),
      text("mime_type", "Media type, e.g. application/pdf."),
      date("expires_on", "Date the link stops working."),
    ],
  },
  {
    prefix: "deploy",
    system: "the deployment platform",
    purpose: "builds, releases and rolls back services",
    nouns: ["deployment", "release", "environment", "build", "rollback", "service", "config_var", "domain"],
    statuses: ["queued", "building", "live", "failed", "rolled_back"],
    fields: [
      choice("environment_name", "Target environment.", ["development", "staging", "production"]),
      text("git_ref", "Branch, tag or commit to deploy."),
      text("service_name", "Name of the service as registered on the platform."),
      whole("replicas", "Number of instances to run.", 0, 64),
      flag("wait_for_health", "Block until health checks pass."),
    ],
  },
  {
    prefix: "monitoring",
    system: "the monitoring stack",
    purpose: "watches metrics, logs and uptime and pages the on-call engineer",
    nouns: ["alert", "incident", "monitor", "dashboard", "log_query", "uptime_check", "on_call_schedule", "silence"],
    statuses: ["triggered", "acknowledged", "resolved"],
    fields: [
      choice("severity", "Impact level.", ["sev1", "sev2", "sev3", "sev4"]),
      text("query", "Query in the log search language, e.g. service:api status:500."),
      whole("window_minutes", "Look-back window in minutes.", 1, 10080),
      text("team", "Owning team handle."),
      amount("threshold", "Value that triggers the alert."),
    ],
  },
  {
    prefix: "billing",
    system: "subscription billing",
    purpose: "manages plans, subscriptions and usage-based charges",
    nouns: ["subscription", "plan", "coupon", "usage_record", "customer", "price", "trial", "add_on"],
    statuses: ["trialing", "active", "past_due", "canceled"],
    fields: [
      text("plan_code", "Code of the price plan, e.g. pro_monthly."),
      whole("seats", "Number of licensed seats.", 1, 10000),
      choice("billing_interval", "How often the customer is charged.", ["month", "quarter", "year"]),
      flag("prorate", "Charge or credit the difference immediately."),
      text("coupon_code", "Discount code to apply."),
    ],
  },
  {
    prefix: "shipping",
    system: "the shipping service",
    purpose: "rates, labels and tracks parcels with many carriers",
    nouns: ["shipment", "label", "parcel", "carrier", "rate_quote", "pickup", "return", "tracking_event"],
    statuses: ["label_created", "in_transit", "delivered", "exception"],
    fields: [
      choice("carrier_code", "Carrier to use.", ["ups", "fedex", "dhl", "usps"]),
      amount("weight_kg", "Parcel weight in kilograms."),
      text("destination_postal_code", "Postal code of the recipient."),
      choice("service_level", "Delivery speed.", ["economy", "standard", "express", "overnight"]),
      flag("signature_required", "Require a signature on delivery."),
    ],
  },
  {
    prefix: "marketing",
    system: "the marketing platform",
    purpose: "plans campaigns, audiences and A/B tests",
    nouns: ["campaign", "audience", "ab_test", "landing_page", "form", "utm_link", "newsletter", "social_post"],
    statuses: ["draft", "scheduled", "running", "completed"],
    fields: [
      text("campaign_name", "Internal name of the campaign."),
      choice("channel", "Where the campaign runs.", ["email", "social", "search", "display"]),
      amount("budget", "Total budget in the account currency."),
      date("launch_date", "Day the campaign goes live."),
      list("audience_tags", "Tags that define who is targeted."),
    ],
  },
  {
    prefix: "docs",
    system: "the knowledge base",
    purpose: "hosts documents, wikis and comments for teams",
    nouns: ["page", "space", "comment", "template", "revision", "attachment", "mention", "export"],
    statuses: ["draft", "published", "archived"],
    fields: [
      text("space_key", "Key of the space, e.g. ENG."),
      text("title", "Page title."),
      text("content_markdown", "Page body in Markdown."),
      text("parent_page_id", "Page to nest the new page under."),
      list("labels", "Labels that help people find the page."),
    ],
  },
  {
    prefix: "chat",
    system: "team chat",
    purpose: "carries team conversations in channels and direct messages",
    nouns: ["message", "channel", "thread", "reaction", "user_group", "reminder", "bookmark", "huddle"],
    statuses: ["active", "archived"],
    fields: [
      text("channel_id", "Channel to post in, e.g. C024BE91L."),
      text("text", "Message text; supports basic formatting."),
      text("thread_ts", "Timestamp of the parent message to reply in a thread."),
      flag("unfurl_links", "Show link previews."),
      list("user_ids", "Members to include."),
    ],
  },
  {
    prefix: "project",
    system: "the project tracker",
    purpose: "plans work in projects, sprints and tasks",
    nouns: ["task", "project", "sprint", "milestone", "board", "epic", "time_entry", "dependency"],
    statuses: ["backlog", "todo", "in_progress", "done"],
    fields: [
      text("project_key", "Short key of the project, e.g. WEB."),
      choice("priority", "Relative importance.", ["lowest", "low", "medium", "high", "highest"]),
      whole("story_points", "Estimated effort.", 0, 100),
      text("assignee_email", "Person who will do the work."),
      date("due_on", "Date the work should be finished."),
    ],
  },
  {
    prefix: "security",
    system: "the security console",
    purpose: "manages identities, access reviews and vulnerability findings",
    nouns: ["user", "role", "api_key", "access_review", "vulnerability", "audit_event", "policy", "session"],
    statuses: ["active", "suspended", "revoked"],
    fields: [
      choice("risk_level", "Assessed risk.", ["low", "medium", "high", "critical"]),
      text("principal_id", "User or service account the change applies to."),
      list("scopes", "Permissions granted, e.g. repo:read."),
      whole("ttl_days", "Days until the grant expires.", 1, 365),
      text("justification", "Why the access is needed; stored in the audit log."),
    ],
  },
  {
    prefix: "learning",
    system: "the learning platform",
    purpose: "helps learners study with courses, flashcards and quizzes",
    nouns: ["course", "flashcard_deck", "quiz", "study_plan", "lesson", "enrollment", "certificate", "assignment"],
    statuses: ["not_started", "in_progress", "completed"],
    fields: [
      text("learner_id", "Id of the learner."),
      choice("difficulty", "Target difficulty.", ["beginner", "intermediate", "advanced"]),
      whole("session_minutes", "Length of a study session.", 5, 240),
      text("topic", "Subject to study, e.g. photosynthesis."),
      choice("language", "Language of the material.", ["en", "zh", "es", "de", "fr"]),
    ],
  },
  {
    prefix: "commerce",
    system: "the online store",
    purpose: "sells products with carts, orders and refunds",
    nouns: ["order", "product", "cart", "refund", "discount", "collection", "review", "gift_card"],
    statuses: ["pending", "paid", "fulfilled", "refunded", "cancelled"],
    fields: [
      text("product_handle", "URL handle of the product."),
      whole("quantity", "Number of units.", 1, 999),
      amount("price", "Unit price in the store currency."),
      text("customer_email", "Email of the buyer."),
      choice("fulfillment_status", "Shipping state of the order.", ["unfulfilled", "partial", "fulfilled"]),
    ],
  },
  {
    prefix: "accounting",
    system: "the general ledger",
    purpose: "records journal entries and closes the books",
    nouns: [
      "journal_entry",
      "ledger_account",
      "bank_transaction",
      "reconciliation",
      "budget",
      "vendor_bill",
      "fixed_asset",
      "fiscal_period",
    ],
    statuses: ["draft", "posted", "reconciled"],
    fields: [
      text("account_code", "Chart-of-accounts code, e.g. 4000."),
      amount("debit", "Debit amount."),
      amount("credit", "Credit amount."),
      date("posting_date", "Date the entry is booked."),
      text("memo", "Free-text note on the entry."),
    ],
  },
  {
    prefix: "devices",
    system: "the device management service",
    purpose: "enrolls, configures and locks company laptops and phones",
    nouns: [
      "device",
      "profile",
      "app_install",
      "compliance_check",
      "enrollment",
      "lock_command",
      "os_update",
      "certificate",
    ],
    statuses: ["enrolled", "pending", "non_compliant", "retired"],
    fields: [
      text("serial_number", "Hardware serial number."),
      choice("platform", "Operating system family.", ["macos", "windows", "ios", "android", "linux"]),
      text("os_version", "Minimum OS version, e.g. 14.4."),
      flag("wipe_data", "Erase the device when locking it."),
      text("user_email", "Email of the assigned user."),
    ],
  },
  {
    prefix: "travel",
    system: "the travel booking tool",
    purpose: "books flights, hotels and cars within company policy",
    nouns: [
      "trip",
      "flight",
      "hotel_booking",
      "car_rental",
      "itinerary",
      "traveler",
      "expense_report",
      "travel_policy",
    ],
    statuses: ["requested", "approved", "booked", "cancelled"],
    fields: [
      text("origin_airport", "IATA code of the departure airport, e.g. SFO."),
      text("destination_airport", "IATA code of the arrival airport."),
      date("departure_date", "Day of departure."),
      choice("cabin_class", "Seat class.", ["economy", "premium_economy", "business", "first"]),
      whole("travelers", "Number of travelers.", 1, 9),
    ],
  },
  {
    prefix: "legal",
    system: "the contract management system",
    purpose: "drafts, negotiates and signs contracts",
    nouns: ["contract", "clause", "signature_request", "counterparty", "obligation", "renewal", "approval", "nda"],
    statuses: ["drafting", "in_review", "signed", "expired"],
    fields: [
      text("counterparty_name", "Legal name of the other party."),
      choice("contract_type", "Kind of agreement.", ["nda", "msa", "sow", "order_form", "dpa"]),
      date("effective_date", "Date the contract takes effect."),
      amount("contract_value", "Total committed value."),
      list("signer_emails", "People who must sign, in order."),
    ],
  },
  {
    prefix: "recruiting",
    system: "the applicant tracking system",
    purpose: "moves candidates through job openings and interviews",
    nouns: ["candidate", "job_opening", "interview", "scorecard", "offer", "referral", "application", "talent_pool"],
    statuses: ["applied", "screening", "interviewing", "offer", "hired", "rejected"],
    fields: [
      text("job_id", "Id of the job opening."),
      text("candidate_email", "Email of the candidate."),
      choice("stage", "Hiring stage.", ["applied", "phone_screen", "onsite", "offer"]),
      whole("rating", "Overall rating from 1 to 5.", 1, 5),
      text("source", "Where the candidate came from, e.g. referral."),
    ],
  },
];
