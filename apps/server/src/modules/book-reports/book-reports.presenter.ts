import type { BookReportRow } from './book-reports.repository.js';

/** The stored report as its author sees it: its id and status. */
export function presentBookReport(report: BookReportRow): { id: string; status: string } {
  return { id: report.id, status: report.status };
}
