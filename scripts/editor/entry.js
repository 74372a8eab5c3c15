// The workbench's code editor: CodeMirror 6 with YAML highlighting, completion and hover
// documentation read from the rulespec JSON Schema, and the compiler's diagnostics as lint marks.
// Bundled once by scripts/build_editor.sh into sevens/serve/static/editor.js (window.SevensEditor).
import { EditorView, basicSetup } from "codemirror";
import { yaml } from "@codemirror/lang-yaml";
import { autocompletion } from "@codemirror/autocomplete";
import { hoverTooltip } from "@codemirror/view";
import { linter, setDiagnostics, lintGutter } from "@codemirror/lint";

// --- The schema: the subschema at a key path ------------------------------------------------

function resolve(root, schema) {
  let seen = 0;
  while (schema && schema.$ref && seen++ < 20) {
    const parts = schema.$ref.replace(/^#\//, "").split("/");
    let target = root;
    for (const part of parts) target = target ? target[part] : undefined;
    schema = target ? { ...target, description: schema.description || target.description } : null;
  }
  return schema || {};
}

// Every alternative of a schema (oneOf/anyOf), resolved; a plain schema is its own alternative.
function alternatives(root, schema) {
  schema = resolve(root, schema);
  const options = schema.oneOf || schema.anyOf;
  if (!options) return [schema];
  return options.flatMap((option) => alternatives(root, option));
}

function propertiesOf(root, schema) {
  const found = {};
  for (const option of alternatives(root, schema)) {
    for (const [key, value] of Object.entries(option.properties || {})) found[key] ??= value;
  }
  return found;
}

function itemsOf(root, schema) {
  for (const option of alternatives(root, schema)) if (option.items) return option.items;
  return null;
}

// The schema at ``path`` (keys, and "-" for a list item), or null when the schema does not say.
function schemaAt(root, path) {
  let schema = root;
  for (const step of path) {
    if (step === "-") schema = itemsOf(root, schema);
    else schema = propertiesOf(root, schema)[step] || null;
    if (!schema) return null;
  }
  return schema;
}

// --- YAML structure by indentation (enough for completion and hover) --------------------------

const KEY_LINE = /^(\s*)(- +)?([A-Za-z_][\w-]*)\s*:/;

function indentOf(text) {
  const match = /^(\s*)(- +)?/.exec(text);
  return match[1].length + (match[2] ? match[2].length : 0);
}

// The key path of the mapping a line at ``indent`` sits in, read from the lines above ``lineNo``.
function pathAbove(doc, lineNo, indent, listItem) {
  const path = [];
  let limit = indent;
  if (listItem) path.unshift("-");
  for (let n = lineNo - 1; n >= 1 && limit > 0; n--) {
    const text = doc.line(n).text;
    if (!text.trim() || text.trim().startsWith("#")) continue;
    const match = KEY_LINE.exec(text);
    const dash = /^(\s*)- /.exec(text);
    const keyIndent = match ? match[1].length + (match[2] ? match[2].length : 0) : indentOf(text);
    if (keyIndent >= limit && !(dash && dash[1].length < limit)) continue;
    if (match && keyIndent < limit) {
      path.unshift(match[3]);
      if (match[2]) path.unshift("-");
      limit = match[1].length;
    } else if (dash && dash[1].length < limit) {
      path.unshift("-");
      limit = dash[1].length;
    }
  }
  return path;
}

function describe(schema, root) {
  if (!schema) return null;
  const resolved = resolve(root, schema);
  const lines = [];
  if (schema.description || resolved.description) lines.push(schema.description || resolved.description);
  const options = alternatives(root, schema);
  const enums = options.flatMap((o) => o.enum || []);
  if (enums.length) lines.push("one of: " + enums.map((e) => JSON.stringify(e)).join(", "));
  return lines.join("\n") || null;
}

// --- Completion and hover -------------------------------------------------------------------

function completionSource(getSchema) {
  return (context) => {
    const root = getSchema();
    if (!root) return null;
    const line = context.state.doc.lineAt(context.pos);
    const before = line.text.slice(0, context.pos - line.from);
    const keyMatch = /^(\s*)(- +)?([A-Za-z_][\w-]*)?$/.exec(before);
    if (keyMatch) {
      const indent = keyMatch[1].length + (keyMatch[2] ? keyMatch[2].length : 0);
      const path = pathAbove(context.state.doc, line.number, indent, Boolean(keyMatch[2]));
      const schema = schemaAt(root, path);
      if (!schema) return null;
      const properties = propertiesOf(root, schema);
      const word = keyMatch[3] || "";
      if (!word && !context.explicit) return null;
      return {
        from: context.pos - word.length,
        options: Object.entries(properties).map(([key, value]) => ({
          label: key,
          type: "property",
          apply: key + ": ",
          info: describe(value, root) || undefined,
        })),
      };
    }
    const valueMatch = /^(\s*)(- +)?([A-Za-z_][\w-]*)\s*:\s*([\w-]*)$/.exec(before);
    if (!valueMatch) return null;
    const indent = valueMatch[1].length + (valueMatch[2] ? valueMatch[2].length : 0);
    const path = pathAbove(context.state.doc, line.number, indent, Boolean(valueMatch[2]));
    const schema = schemaAt(root, [...path, valueMatch[3]]);
    if (!schema) return null;
    const values = alternatives(root, schema).flatMap((o) =>
      o.enum ? o.enum : o.type === "boolean" || (Array.isArray(o.type) && o.type.includes("boolean")) ? [true, false] : [],
    );
    if (!values.length) return null;
    return {
      from: context.pos - valueMatch[4].length,
      options: values.map((value) => ({ label: String(value), type: "enum" })),
    };
  };
}

function schemaHover(getSchema) {
  return hoverTooltip((view, pos) => {
    const root = getSchema();
    if (!root) return null;
    const line = view.state.doc.lineAt(pos);
    const match = KEY_LINE.exec(line.text);
    if (!match) return null;
    const start = line.from + match[1].length + (match[2] ? match[2].length : 0);
    const end = start + match[3].length;
    if (pos < start || pos > end) return null;
    const indent = start - line.from;
    const path = pathAbove(view.state.doc, line.number, indent, Boolean(match[2]));
    const text = describe(schemaAt(root, [...path, match[3]]), root);
    if (!text) return null;
    return {
      pos: start,
      end,
      above: true,
      create() {
        const dom = document.createElement("div");
        dom.className = "cm-schema-doc";
        dom.textContent = text;
        return { dom };
      },
    };
  });
}

// --- The editor -------------------------------------------------------------------------------

function create(parent, options) {
  let schema = options.schema || null;
  const getSchema = () => schema;
  const view = new EditorView({
    doc: options.doc || "",
    parent,
    extensions: [
      basicSetup,
      yaml(),
      lintGutter(),
      linter(null), // diagnostics come from the server (setDiagnostics below)
      autocompletion({ override: [completionSource(getSchema)] }),
      schemaHover(getSchema),
      EditorView.updateListener.of((update) => {
        if (update.docChanged && options.onChange) options.onChange(update.state.doc.toString());
      }),
    ],
  });
  return {
    view,
    getText: () => view.state.doc.toString(),
    setText(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    setSchema(value) {
      schema = value;
    },
    // diagnostics: [{line, column, message}] with 1-based line and column, as the compiler says.
    setDiagnostics(diagnostics) {
      const doc = view.state.doc;
      const marks = diagnostics
        .filter((d) => d.line >= 1 && d.line <= doc.lines)
        .map((d) => {
          const line = doc.line(d.line);
          const from = Math.min(line.from + Math.max(d.column - 1, 0), line.to);
          const word = /^[^\s:]*/.exec(line.text.slice(from - line.from))[0];
          const to = Math.max(from + word.length, Math.min(from + 1, line.to));
          return { from, to, severity: "error", message: d.message };
        });
      view.dispatch(setDiagnostics(view.state, marks));
    },
  };
}

window.SevensEditor = { create };
