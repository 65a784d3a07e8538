package main

import (
	"fmt"
	"math"
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

func (r Row) cells() []string {
	return []string{r.Section, r.Figure, r.Measured, r.Compared, r.Ratio, r.Target, r.Result}
}

// RenderText renders rows as a plain-text table with aligned columns, a rule
// under the header, and the section shown only where it changes.
func RenderText(rows []Row) string {
	cells := [][]string{Header}
	prev := ""
	for _, r := range rows {
		c := r.cells()
		if c[0] == prev {
			c[0] = ""
		} else {
			prev = c[0]
		}
		cells = append(cells, c)
	}
	width := make([]int, len(Header))
	for _, c := range cells {
		for i, s := range c {
			width[i] = max(width[i], utf8.RuneCountInString(s))
		}
	}
	var b strings.Builder
	line := func(c []string) {
		var l strings.Builder
		for i, s := range c {
			if i > 0 {
				l.WriteString("  ")
			}
			l.WriteString(s)
			l.WriteString(strings.Repeat(" ", width[i]-utf8.RuneCountInString(s)))
		}
		b.WriteString(strings.TrimRight(l.String(), " "))
		b.WriteByte('\n')
	}
	line(cells[0])
	rule := make([]string, len(width))
	for i, w := range width {
		rule[i] = strings.Repeat("-", w)
	}
	line(rule)
	for _, c := range cells[1:] {
		line(c)
	}
	return b.String()
}

// RenderMarkdown renders rows as a GitHub-flavoured Markdown table.
func RenderMarkdown(rows []Row) string {
	var b strings.Builder
	cell := func(s string) string {
		s = strings.ReplaceAll(s, "|", `\|`)
		return strings.ReplaceAll(s, "\n", " ")
	}
	write := func(c []string) {
		b.WriteString("|")
		for _, s := range c {
			b.WriteString(" " + cell(s) + " |")
		}
		b.WriteByte('\n')
	}
	write(Header)
	b.WriteString("|")
	for range Header {
		b.WriteString(" --- |")
	}
	b.WriteByte('\n')
	prev := ""
	for _, r := range rows {
		c := r.cells()
		if c[0] == prev {
			c[0] = ""
		} else {
			prev = c[0]
			if c[0] != "" {
				c[0] = "**" + c[0] + "**"
			}
		}
		write(c)
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
