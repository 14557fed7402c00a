#ifndef CAL_CCURL_SHIM_H
#define CAL_CCURL_SHIM_H
#include <curl/curl.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed wrapper per kind
   of argument. Each returns what libcurl returned. */

static inline CURLcode cal_curl_set_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode cal_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

/* A string libcurl copies (URL, method, user agent, credentials). */
static inline CURLcode cal_curl_set_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

/* A pointer libcurl keeps until the transfer ends: a body, the error buffer, a callback's context. */
static inline CURLcode cal_curl_set_pointer(CURL *handle, CURLoption option, const void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode cal_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *list) {
  return curl_easy_setopt(handle, option, list);
}

/* CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION, which share this signature. */
static inline CURLcode cal_curl_set_callback(CURL *handle, CURLoption option, curl_write_callback callback) {
  return curl_easy_setopt(handle, option, callback);
}

/* Progress reports (CURLOPT_XFERINFOFUNCTION) to `callback` with `context`, at least about once a second even
   while nothing moves. */
static inline CURLcode cal_curl_watch_progress(CURL *handle, curl_xferinfo_callback callback, void *context) {
  CURLcode code = curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
  if (code == CURLE_OK) code = curl_easy_setopt(handle, CURLOPT_XFERINFODATA, context);
  if (code == CURLE_OK) code = curl_easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
  return code;
}

static inline CURLcode cal_curl_get_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

/* Credentials sent with the first request (Basic, no 401 challenge first). CURLAUTH_BASIC is a cast
   expression, which Swift does not import. */
static inline CURLcode cal_curl_use_basic_auth(CURL *handle, const char *user, const char *password) {
  CURLcode code = curl_easy_setopt(handle, CURLOPT_HTTPAUTH, (long)CURLAUTH_BASIC);
  if (code == CURLE_OK) code = curl_easy_setopt(handle, CURLOPT_USERNAME, user);
  if (code == CURLE_OK) code = curl_easy_setopt(handle, CURLOPT_PASSWORD, password);
  return code;
}

/* http and https only, for the request and any redirect: the _STR options are 7.85's, their predecessors
   deprecated since (Debian 12 has 7.88, Ubuntu 22.04 7.81). */
static inline CURLcode cal_curl_allow_http_only(CURL *handle) {
#if LIBCURL_VERSION_NUM >= 0x075500
  CURLcode code = curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
  if (code == CURLE_OK) code = curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
  CURLcode code = curl_easy_setopt(handle, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
  if (code == CURLE_OK) code = curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
  return code;
}

static inline CURLcode cal_curl_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }

#endif
