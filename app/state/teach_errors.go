package state

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/attnviz/attnviz/app/i18n"
)

// TeachError is an error of a teacher's tour, its file, link or a step,
// that the page says in its own language: the message Key of app/i18n
// ("teach.err.…") and its Args. It is an ErrTeach.
type TeachError struct {
	Key  string
	Args []any
}

// Error returns the error in English.
func (e *TeachError) Error() string { return "tour: " + e.In(i18n.LangEN) }

// In returns the error in lang.
func (e *TeachError) In(lang string) string { return i18n.Tf(lang, e.Key, e.Args...) }

// Is makes a TeachError an ErrTeach.
func (e *TeachError) Is(target error) bool { return target == ErrTeach }

// teachErr returns the TeachError of key and args.
func teachErr(key string, args ...any) error { return &TeachError{Key: key, Args: args} }

// ErrorIn returns err in lang: a TeachError's message, else its text.
func ErrorIn(err error, lang string) string {
	if te := (*TeachError)(nil); errors.As(err, &te) {
		return te.In(lang)
	}
	return err.Error()
}

// jsonErr returns the TeachError of a tour file that encoding/json
// rejected: where its JSON breaks, or which field is wrong.
func jsonErr(err error, data []byte) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		line, col, near := JSONWhere(data, syntax.Offset)
		return teachErr("teach.err.syntax", line, col, near)
	case errors.As(err, &typ):
		return teachErr("teach.err.type", typ.Field)
	case len(bytes.TrimSpace(data)) == 0:
		return teachErr("teach.err.empty")
	case strings.HasPrefix(err.Error(), `json: unknown field "`):
		return teachErr("teach.err.field", strings.TrimSuffix(strings.TrimPrefix(err.Error(), `json: unknown field "`), `"`))
	}
	return teachErr("teach.err.json")
}

// stepErr returns why the step link, which DecodeState rejects, cannot be
// shown: the first setting, by key, whose value it cannot read, or that
// its settings do not go together.
func stepErr(values url.Values, lang string) error {
	for _, k := range slices.Sorted(maps.Keys(values)) {
		one := url.Values{k: values[k]}
		if _, err := DecodeState(one.Encode(), DefaultState(lang)); err != nil {
			return teachErr("teach.err.value", k)
		}
	}
	return teachErr("teach.err.together")
}
