/**
 * One error class per way a Storefront read can fail. Each carries a stable `code`,
 * an English `message` for developers (elements show their own localized text by
 * `code`), the HTTP `status` when there was one, and `retryable`: whether trying the
 * same request again can help.
 */
export type StorefrontErrorCode =
  | 'invalid_key'
  | 'config'
  | 'unauthorized'
  | 'plan_lacks_reviews'
  | 'not_found'
  | 'invalid_request'
  | 'rate_limited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'malformed_response';

export class StorefrontError extends Error {
  readonly code: StorefrontErrorCode;
  readonly retryable: boolean;
  readonly status: number | undefined;

  constructor(code: StorefrontErrorCode, message: string, retryable: boolean, status?: number) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.retryable = retryable;
    this.status = status;
  }
}

/** A secret key, or anything that is not a publishable key, was configured. No request was made. */
export class InvalidKeyError extends StorefrontError {
  constructor(message: string) {
    super('invalid_key', message, false);
  }
}

/** A required setting (publishable key, market) is missing or malformed. No request was made. */
export class ConfigError extends StorefrontError {
  constructor(message: string) {
    super('config', message, false);
  }
}

export class UnauthorizedError extends StorefrontError {
  constructor(message = 'The publishable key was refused by the Storefront API.') {
    super('unauthorized', message, false, 401);
  }
}

export class PlanLacksReviewsError extends StorefrontError {
  constructor(message = 'This workspace’s plan does not include Reviews.') {
    super('plan_lacks_reviews', message, false, 403);
  }
}

export class NotFoundError extends StorefrontError {
  constructor(message = 'Not found.') {
    super('not_found', message, false, 404);
  }
}

export class InvalidRequestError extends StorefrontError {
  constructor(message: string) {
    super('invalid_request', message, false, 400);
  }
}

export class RateLimitedError extends StorefrontError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message = 'Too many requests; the rate limit was reached.') {
    super('rate_limited', message, true, 429);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class ServerError extends StorefrontError {
  constructor(status: number, message = 'The Storefront API had a problem.') {
    super('server', message, true, status);
  }
}

export class NetworkError extends StorefrontError {
  constructor(message = 'The Storefront API could not be reached.') {
    super('network', message, true);
  }
}

export class TimeoutError extends StorefrontError {
  constructor(timeoutMs: number) {
    super('timeout', `The Storefront API did not answer within ${timeoutMs} ms.`, true);
  }
}

export class MalformedResponseError extends StorefrontError {
  constructor(message: string, status?: number) {
    super('malformed_response', message, true, status);
  }
}

/**
 * Whether trying the same read again later may cure a failure: the network, a timeout, a
 * 5xx, a 429. Not a refusal (400, 401, 403, 404), a setting, or an answer the widgets
 * cannot read (which would most likely be read the same way again).
 */
export function curable(error: unknown): boolean {
  return /^(network|timeout|server|rate_limited)$/.test(String((error as StorefrontError | null)?.code));
}

/**
 * Whether the page's own slow retries (controllers/heal.ts) try a failed read again: what
 * `curable` says, and an answer the widgets could not read. Not worth an immediate retry,
 * but one cut off by a cache or a proxy on the way is gone minutes later, and a failed
 * element shows nothing (no button) that a shopper could press instead.
 */
export function healable(error: unknown): boolean {
  return curable(error) || (error as StorefrontError | null)?.code === 'malformed_response';
}

export function isStorefrontError(value: unknown): value is StorefrontError {
  return value instanceof StorefrontError;
}
