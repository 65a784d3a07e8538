package views

import "testing"

// TestTextProblem names the chosen files that cannot be used: blank, or
// decoded with U+FFFD for bytes that are not UTF-8.
func TestTextProblem(t *testing.T) {
	for text, want := range map[string]string{
		"":                              "file.empty",
		" \n\t":                         "file.empty",
		"{\"tokens\": [\"caf\uFFFD\"]}": "file.notUTF8",
		"{\"tokens\": [\"café\"]}":      "",
	} {
		if got := textProblem(text); got != want {
			t.Errorf("textProblem(%q) = %q, want %q", text, got, want)
		}
	}
}
