package i18n

// The matrices view's words for spec JSON whose mistake has a known kind
// (app/state's import_words.go), in place of the engine's English.
//
// importWordsMessages are this file's texts, a map of its own (see sources).
var importWordsMessages = map[string]map[string]string{
	LangEN: {
		"mx.err.importType.number":  "In this JSON, “%s” must be a number.",
		"mx.err.importType.integer": "In this JSON, “%s” must be a whole number.",
		"mx.err.importType.string":  "In this JSON, “%s” must be a string in quotes.",
		"mx.err.importType.bool":    "In this JSON, “%s” must be true or false.",
		"mx.err.importType.numbers": "In this JSON, “%s” must be an array of numbers, like [1, 2].",
		"mx.err.importType.matrix":  "In this JSON, “%s” must be an array of arrays of numbers, one per row, like [[1, 2], [3, 4]].",
		"mx.err.importType.strings": "In this JSON, “%s” must be an array of strings, like [\"a\", \"b\"].",
		"mx.err.importRange":        "In this JSON, “%s” holds a number beyond the range it takes.",
		"mx.err.importUnknown":      "“%s” is not a field of a spec: check its spelling.",
	},
	LangZH: {
		"mx.err.importType.number":  "在这段 JSON 中，“%s”必须是一个数。",
		"mx.err.importType.integer": "在这段 JSON 中，“%s”必须是一个整数。",
		"mx.err.importType.string":  "在这段 JSON 中，“%s”必须是带引号的字符串。",
		"mx.err.importType.bool":    "在这段 JSON 中，“%s”必须是布尔值。",
		"mx.err.importType.numbers": "在这段 JSON 中，“%s”必须是数的数组，例如 [1, 2]。",
		"mx.err.importType.matrix":  "在这段 JSON 中，“%s”必须是由数的数组组成的数组，每行一个，例如 [[1, 2], [3, 4]]。",
		"mx.err.importType.strings": "在这段 JSON 中，“%s”必须是字符串的数组，例如 [\"a\", \"b\"]。",
		"mx.err.importRange":        "在这段 JSON 中，“%s”含有超出其取值范围的数。",
		"mx.err.importUnknown":      "“%s”不是规格中的字段：请检查拼写。",
	},
}
