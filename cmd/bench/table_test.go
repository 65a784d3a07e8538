package main

import (
	"math"
	"strings"
	"testing"
)

var testRows = []Row{
	{Section: "engine", Figure: "n=8 forward", Measured: "12.3 µs", Compared: "NumPy 45.6 µs", Ratio: "0.27×", Target: "≤ 0.33×", Result: Pass},
	{Section: "engine", Figure: "n=8 allocs/op", Measured: "0", Target: "0", Result: Pass},
	{Section: "page", Figure: "a|b", Measured: "1 MB", Result: NA},
}

func TestRenderText(t *testing.T) {
	got := RenderText(testRows)
	want := `section  figure         measured  compared with  ratio  target   result
-------  -------------  --------  -------------  -----  -------  ------
engine   n=8 forward    12.3 µs   NumPy 45.6 µs  0.27×  ≤ 0.33×  PASS
         n=8 allocs/op  0                               0        PASS
page     a|b            1 MB                                     n/a
`
	if got != want {
		t.Errorf("RenderText:\n%s\nwant:\n%s", got, want)
	}
}

func TestRenderMarkdown(t *testing.T) {
	got := RenderMarkdown(testRows)
	want := `| section | figure | measured | compared with | ratio | target | result |
| --- | --- | --- | --- | --- | --- | --- |
| **engine** | n=8 forward | 12.3 µs | NumPy 45.6 µs | 0.27× | ≤ 0.33× | PASS |
|  | n=8 allocs/op | 0 |  |  | 0 | PASS |
| **page** | a\|b | 1 MB |  |  |  | n/a |
`
	if got != want {
		t.Errorf("RenderMarkdown:\n%s\nwant:\n%s", got, want)
	}
	if n := strings.Count(got, "\n"); n != 5 {
		t.Errorf("%d lines", n)
	}
}

func TestFormat(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{FormatDuration(850), "850 ns"},
		{FormatDuration(12345), "12.3 µs"},
		{FormatDuration(4.561e6), "4.56 ms"},
		{FormatDuration(123.4e6), "123 ms"},
		{FormatDuration(1.234e9), "1.23 s"},
		{FormatDuration(math.NaN()), "—"},
		{FormatMs(16.04), "16.0 ms"},
		{FormatBytes(512), "512 B"},
		{FormatBytes(12345), "12.3 kB"},
		{FormatBytes(2_456_789), "2.46 MB"},
		{FormatBytes(-1), "—"},
		{FormatRatio(0.2712), "0.27×"},
		{FormatRatio(3.14), "3.14×"},
		{FormatRatio(31.4), "31.4×"},
		{FormatRatio(314), "314×"},
		{FormatRatio(math.NaN()), "—"},
		{FormatRatio(math.Inf(1)), "—"},
		{Verdict(true), "PASS"},
		{Verdict(false), "MISS"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
