package i18n

// Why a teacher's tour, its file, its link or one of its steps cannot be
// used (app/state/teach_errors.go), in the page's language.
// teachErrorsMessages are this file's texts, a map of its own (see sources).
var teachErrorsMessages = map[string]map[string]string{
	LangEN: {
		"teach.err.size":     "the file has %d KB, more than the %d KB a tour may have.",
		"teach.err.utf8":     "it is not UTF-8 text.",
		"teach.err.syntax":   "it is not valid JSON: there is a mistake at line %d, column %d, at “%s” (a missing comma, quote or bracket?).",
		"teach.err.type":     "its field “%s” has the wrong type.",
		"teach.err.field":    "it has a field “%s” that a tour does not have.",
		"teach.err.json":     "it is not a tour's JSON.",
		"teach.err.empty":    "the file is empty.",
		"teach.err.more":     "it holds more than one JSON value.",
		"teach.err.kind":     "its kind is “%s”, not “%s”.",
		"teach.err.steps":    "it has %d steps, more than the %d a tour may have.",
		"teach.err.long":     "its step %d is too long.",
		"teach.err.link":     "the tour in the link is damaged.",
		"teach.err.stepLink": "its link cannot be read.",
		"teach.err.setting":  "its link names a setting “%s” that the page does not have.",
		"teach.err.value":    "its setting “%s” has a value the page cannot use.",
		"teach.err.together": "its settings do not go together.",
		"teach.err.view":     "there is no view “%s”.",
		"teach.err.step":     "the pipeline has no step “%s”.",
		"teach.err.task":     "there is no training task “%s”.",
	},
	LangZH: {
		"teach.err.size":     "文件有 %d 千字节，超过导览允许的 %d 千字节。",
		"teach.err.utf8":     "它不是有效的统一码文本。",
		"teach.err.syntax":   "它不是有效的 JSON：第 %d 行第 %d 列（“%s”处）有错误（是否缺少逗号、引号或括号？）。",
		"teach.err.type":     "它的字段“%s”类型不对。",
		"teach.err.field":    "它有一个导览没有的字段“%s”。",
		"teach.err.json":     "它不是导览的 JSON。",
		"teach.err.empty":    "文件是空的。",
		"teach.err.more":     "它包含不止一个 JSON 值。",
		"teach.err.kind":     "它的类型是“%s”，不是“%s”。",
		"teach.err.steps":    "它有 %d 步，超过导览允许的 %d 步。",
		"teach.err.long":     "它的第 %d 步太长。",
		"teach.err.link":     "链接中的导览已损坏。",
		"teach.err.stepLink": "它的链接无法读取。",
		"teach.err.setting":  "它的链接含有本页没有的设置“%s”。",
		"teach.err.value":    "它的设置“%s”的值本页无法使用。",
		"teach.err.together": "它的各项设置互相矛盾。",
		"teach.err.view":     "没有“%s”这个视图。",
		"teach.err.step":     "计算流程中没有“%s”这一步。",
		"teach.err.task":     "没有“%s”这个训练任务。",
	},
}
