/** The parser of the Prometheus text format the metrics tests read `/metrics` with (it has no types). */
declare module 'parse-prometheus-text-format' {
  /** Metric families of an exposition; throws on a malformed one. */
  export default function parsePrometheusTextFormat(
    text: string,
  ): Array<{ name: string; type: string; metrics: Array<{ labels?: Record<string, string>; value?: string }> }>;
}
