package main

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"
)

// Verdicts printed beside a figure that has a target.
const (
	Pass = "PASS"
	Miss = "MISS"
	NA   = "n/a" // the figure could not be measured
)

// Verdict is Pass when ok, else Miss.
func Verdict(ok bool) string {
	if ok {
		return Pass
	}
	return Miss
}

// Row is one line of the report: a figure, what it is compared with, and the
// target it is held to ("" where it has none).
type Row struct {
	Section  string
	Figure   string
	Measured string
	Compared string
	Ratio    string
	Target   string
	Result   string
}

// Header is the header of the report's table.
var Header = []string{"section", "figure", "measured", "compared with", "ratio", "target", "result"}

// cells are the rows' cells under the header, each section named only
// where it changes, through mark.
func cells(rows []Row, mark func(string) string) [][]string {
	out, prev := [][]string{Header}, ""
	for _, r := range rows {
		section := ""
		if r.Section != prev {
			prev, section = r.Section, mark(r.Section)
		}
		out = append(out, []string{section, r.Figure, r.Measured, r.Compared, r.Ratio, r.Target, r.Result})
	}
	return out
}

// RenderText renders rows as a plain-text table with aligned columns, a rule
// under the header, and the section shown only where it changes.
func RenderText(rows []Row) string {
	table := cells(rows, func(s string) string { return s })
	width := make([]int, len(Header))
	for _, c := range table {
		for i, s := range c {
			width[i] = max(width[i], utf8.RuneCountInString(s))
		}
	}
	rule := make([]string, len(width))
	for i, w := range width {
		rule[i] = strings.Repeat("-", w)
	}
	table = slices.Insert(table, 1, rule)
	var b strings.Builder
	for _, c := range table {
		var l strings.Builder
		for i, s := range c {
			l.WriteString(s + strings.Repeat(" ", width[i]-utf8.RuneCountInString(s)+2))
		}
		b.WriteString(strings.TrimRight(l.String(), " ") + "\n")
	}
	return b.String()
}

// RenderMarkdown renders rows as a GitHub-flavoured Markdown table, the
// sections in bold.
func RenderMarkdown(rows []Row) string {
	table := cells(rows, func(s string) string {
		if s == "" {
			return s
		}
		return "**" + s + "**"
	})
	table = slices.Insert(table, 1, slices.Repeat([]string{"---"}, len(Header)))
	var b strings.Builder
	for _, c := range table {
		for _, s := range c {
			b.WriteString("| " + strings.ReplaceAll(strings.ReplaceAll(s, "|", `\|`), "\n", " ") + " ")
		}
		b.WriteString("|\n")
	}
	return b.String()
}

// FormatDuration formats a duration in nanoseconds with three significant
// digits: "850 ns", "12.3 µs", "4.56 ms", "1.23 s". NaN gives "—".
func FormatDuration(ns float64) string {
	switch {
	case math.IsNaN(ns):
		return "—"
	case ns < 1e3:
		return fmt.Sprintf("%.0f ns", ns)
	case ns < 1e6:
		return sig3(ns/1e3) + " µs"
	case ns < 1e9:
		return sig3(ns/1e6) + " ms"
	default:
		return sig3(ns/1e9) + " s"
	}
}

// FormatMs formats milliseconds as FormatDuration does.
func FormatMs(ms float64) string { return FormatDuration(ms * 1e6) }

// FormatBytes formats a byte count in decimal units (1 kB = 1000 B,
// 1 MB = 10⁶ B): "512 B", "12.3 kB", "2.46 MB". A negative count gives "—".
func FormatBytes(n int64) string {
	switch {
	case n < 0:
		return "—"
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1000*1000:
		return sig3(float64(n)/1e3) + " kB"
	default:
		return sig3(float64(n)/1e6) + " MB"
	}
}

// FormatRatio formats a ratio as "0.27×", "3.1×" or "120×". NaN or an
// infinity gives "—".
func FormatRatio(r float64) string {
	if math.IsNaN(r) || math.IsInf(r, 0) {
		return "—"
	}
	if r >= 100 {
		return fmt.Sprintf("%.0f×", r)
	}
	return sig3(r) + "×"
}

// sig3 formats v ≥ 0 with three significant digits, or none after the point
// from 100 on.
func sig3(v float64) string {
	switch {
	case v < 10:
		return fmt.Sprintf("%.2f", v)
	case v < 100:
		return fmt.Sprintf("%.1f", v)
	default:
		return fmt.Sprintf("%.0f", v)
	}
}
