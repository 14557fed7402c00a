import CCurl
import Glibc

extension HTTPTransport {
  /// The error for a transfer that failed, by what went wrong: refused, not found, timed out, TLS, too large.
  /// `words` are libcurl's about the failure, `osError` the `errno` of a failed connect (0 for none).
  func error(_ code: CURLcode, words: String, osError: Int, sink: TransferSink, url: DAVURL) -> CalDAVError {
    let where_ = url.description
    let words = String(words.prefix(200))
    switch code {
    case CURLE_COULDNT_CONNECT:
      switch Int32(truncatingIfNeeded: osError) {
      case ENETUNREACH: return .network(url: where_, detail: "network unreachable")
      case EHOSTUNREACH: return .network(url: where_, detail: "host unreachable")
      default: return .connectionRefused(url: where_)
      }
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
      return .hostNotFound(url: where_)
    case CURLE_OPERATION_TIMEDOUT where sink.receivedAnything:
      // Connected and answering (silence stops a transfer sooner, by the sink): the limit on the whole answer.
      return .network(
        url: where_, detail: "the answer was still coming after \(CalDAVError.format(totalTimeout)) s; stopped there")
    case CURLE_OPERATION_TIMEDOUT:
      return .timedOut(url: where_, seconds: timeout)
    case CURLE_ABORTED_BY_CALLBACK where sink.stop == .silent:
      return .timedOut(url: where_, seconds: timeout)
    case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
      CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
      CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
      CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED:
      return .tlsFailure(url: where_, detail: words)
    case CURLE_WRITE_ERROR, CURLE_FILESIZE_EXCEEDED:
      if sink.stop == .headersTooLong {
        return .malformedResponse(url: where_, detail: "headers longer than \(Self.maxHeaderBytes >> 10) KiB")
      }
      if sink.stop == .noMemory { return .network(url: where_, detail: "no memory for the answer") }
      return .malformedResponse(url: where_, detail: "an answer larger than \(Self.maxBodyBytes >> 20) MiB")
    case CURLE_GOT_NOTHING:
      return .network(url: where_, detail: "the server closed the connection without answering")
    case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING:
      return .malformedResponse(url: where_, detail: words)
    case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
      return .invalidURL(where_)
    default:
      return .network(url: where_, detail: words)
    }
  }
}
