package i18n

// The strings of the matrices view's named examples
// (app/views/matrices_examples.go, app/state/examples.go).
// examplesMessages are this file's texts, a map of its own (see sources).
var examplesMessages = map[string]map[string]string{
	LangEN: {
		"mx.examples":             "Examples",
		"mx.example.textbook":     "Illustrated: Self-Attention",
		"mx.example.lessoncat":    "The lesson's cat on the mat",
		"mx.example.lessonints":   "Four words, integer weights",
		"mx.example.textbook.t":   "Three tokens of four numbers, one head of width three (Raimi Karim's “Illustrated: Self-Attention”)",
		"mx.example.lessoncat.t":  "The lesson's step 4: X from a random generator seeded 42, one head, d_k = 4; the weights to 3 decimals are those the lesson prints",
		"mx.example.lessonints.t": "The second lesson's four one-hot words and integer Wq, Wk, Wv; the output to 3 decimals is what the lesson prints",
	},
	LangZH: {
		"mx.examples":             "示例",
		"mx.example.textbook":     "图解自注意力",
		"mx.example.lessoncat":    "课程里垫子上的猫",
		"mx.example.lessonints":   "四个词，整数权重",
		"mx.example.textbook.t":   "三个词元，每个四个数，一个宽度为三的头（一篇常见的图解自注意力教程）",
		"mx.example.lessoncat.t":  "课程第 4 步：X 由种子为 42 的随机数生成器生成，一个头，d_k = 4；保留 3 位小数的权重与课程打印的一致",
		"mx.example.lessonints.t": "第二课的四个独热词和整数 Wq、Wk、Wv；保留 3 位小数的输出与课程打印的一致",
	},
}
