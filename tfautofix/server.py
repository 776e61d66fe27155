"""``tfautofix server``: a Language Server (LSP over stdio, on pygls) for editors.

Diagnostics on open and on change (debounced), a code action per fix (unsafe ones
labelled), "fix all", a quick fix adding ``# tfautofix: ignore[CODE]``, hover with
the rule's documentation, and notebooks through notebook-document sync. Each file
is checked with its nearest ``pyproject.toml``, exactly as ``tfautofix check``
would check it; only the static path runs (TensorFlow is never imported). The
analysis is the engine's and the notebook module's: this is a thin layer of
LSP plumbing over them.
"""

from __future__ import annotations

import asyncio

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace.position_codec import ServerTextPosition, ServerTextRange

from tfautofix import __version__
from tfautofix.buffers import (
    Cell,
    Checked,
    check_notebook,
    check_text,
    fixed,
    ignore_line,
    options_for_file,
)
from tfautofix.bulk import options_for
from tfautofix.codemods import rule_by_code
from tfautofix.config import _config_in
from tfautofix.files import source_lines
from tfautofix.rule import Finding

#: Seconds of quiet after a change before the document is checked again. Short: changes that
#: arrive while a check runs wait in the queue and are checked once, after it.
DEBOUNCE = 0.025
SOURCE = "tfautofix"
FIX_ALL = f"{types.CodeActionKind.SourceFixAll.value}.{SOURCE}"


class Server(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            SOURCE, __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
            notebook_document_sync=types.NotebookDocumentSyncOptions(
                notebook_selector=[types.NotebookDocumentFilterWithCells(
                    notebook="*", cells=[types.NotebookCellLanguage(language="python")])],
            ),
        )
        self.checked: dict[str, Checked] = {}  # document uri (a notebook's for its cells) -> last check
        self.pending: dict[str, asyncio.TimerHandle] = {}
        self.errors: set[str] = set()  # configuration errors shown

    # documents

    def notebook_of(self, uri: str) -> str | None:
        notebook = self.workspace.get_notebook_document(cell_uri=uri)
        return notebook.uri if notebook is not None else None

    def check(self, uri: str) -> None:
        """Check the document (or notebook) ``uri`` now and publish its diagnostics."""
        handle = self.pending.pop(uri, None)
        if handle is not None:
            handle.cancel()
        notebook = self.workspace.get_notebook_document(notebook_uri=uri)
        if notebook is None and uri not in self.workspace.text_documents:
            return
        path = _path(uri)
        options, error = options_for_file(path)
        if error and error not in self.errors:  # once, not on every key typed
            self.errors.add(error)
            self.window_show_message(types.ShowMessageParams(types.MessageType.Error, f"tfautofix: {error}"))
        if notebook is not None:
            cells = [Cell(c.document, self.workspace.get_text_document(c.document).source, c.kind == types.NotebookCellKind.Code)
                     for c in notebook.cells]
            checked = check_notebook(path, cells, options)
        else:
            checked = check_text(path, self.workspace.get_text_document(uri).source, options)
        checked.version = self.version_of(uri)
        previous = self.checked.get(uri)
        self.checked[uri] = checked
        documents = [c.uri for c in checked.cells] if checked.cells is not None else [uri]
        if previous is not None and previous.cells is not None:
            documents += [c.uri for c in previous.cells if c.uri not in documents]  # removed cells: cleared
        for document in documents:
            version = self.workspace.text_documents.get(document)
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                document, self.diagnostics(checked, document), version.version if version is not None else None))

    def later(self, uri: str) -> None:
        handle = self.pending.pop(uri, None)
        if handle is not None:
            handle.cancel()
        self.pending[uri] = asyncio.get_running_loop().call_later(DEBOUNCE, self.check, uri)

    def recheck_all(self) -> None:
        """A pyproject.toml changed: read the configuration again."""
        _config_in.cache_clear()
        self.errors.clear()
        options_for.cache_clear()
        for uri in list(self.checked):
            self.check(uri)

    def version_of(self, uri: str) -> object:
        notebook = self.workspace.get_notebook_document(notebook_uri=uri)
        if notebook is not None:
            return notebook.version, [self.workspace.get_text_document(c.document).version for c in notebook.cells]
        return self.workspace.get_text_document(uri).version

    def lookup(self, uri: str) -> tuple[Checked | None, str]:
        """The check of the document ``uri`` is in, brought up to date (a change may still be
        waiting for its debounce), and that document's key in it ("" for a file)."""
        notebook = self.notebook_of(uri)
        owner = notebook or uri
        checked = self.checked.get(owner)
        if checked is not None and checked.version != self.version_of(owner):
            self.check(owner)
            checked = self.checked.get(owner)
        return checked, (uri if notebook else "")

    # positions

    def range(self, uri: str, finding: Finding) -> types.Range:
        document = self.workspace.get_text_document(uri)
        server = ServerTextRange(ServerTextPosition(finding.line - 1, finding.column - 1),
                                 ServerTextPosition(finding.end_line - 1, finding.end_column - 1))
        return document.position_codec.range_to_client_units(document.lines, server)

    def findings_in(self, checked: Checked, uri: str) -> list[Finding]:
        if checked.cells is None:
            return checked.findings
        return [f for f in checked.findings if f.cell is not None and checked.cells[f.cell - 1].uri == uri]

    def diagnostics(self, checked: Checked, uri: str) -> list[types.Diagnostic]:
        found = []
        for finding in self.findings_in(checked, uri):
            fix = finding.fix.applicability if finding.fix is not None else None
            found.append(types.Diagnostic(
                range=self.range(uri, finding), message=finding.message + (f" [{fix} fix]" if fix else ""),
                severity=types.DiagnosticSeverity.Warning, code=finding.code, source=SOURCE,
                data={"fix": fix},
            ))
        for line, message, error in checked.problems:
            position = types.Position(max(line - 1, 0), 0)
            severity = types.DiagnosticSeverity.Error if error else types.DiagnosticSeverity.Warning
            found.append(types.Diagnostic(types.Range(position, position), message, severity=severity, source=SOURCE))
        return found

    def finding_at(self, checked: Checked, uri: str, diagnostic: types.Diagnostic) -> Finding | None:
        for finding in self.findings_in(checked, uri):
            if finding.code == diagnostic.code and self.range(uri, finding) == diagnostic.range:
                return finding
        return None

    # code actions

    def edit(self, checked: Checked, uri: str, texts: dict[str, str]) -> types.WorkspaceEdit:
        """Replace, in each document, the lines between the first and the last that change."""
        changes = {}
        for key, new in texts.items():
            document = key or uri
            old = self.workspace.get_text_document(document).source if key else checked.text
            changes[document] = [_replace(self.workspace.get_text_document(document), old, new)]
        return types.WorkspaceEdit(changes=changes)

    def actions(self, params: types.CodeActionParams) -> list[types.CodeAction]:
        uri = params.text_document.uri
        checked, _ = self.lookup(uri)
        if checked is None or checked.options is None:
            return []
        only = params.context.only
        wanted = lambda kind: not only or any(kind == k or kind.startswith(f"{k}.") for k in only)
        actions = []
        ours = [(self.finding_at(checked, uri, d), [d]) for d in params.context.diagnostics if d.source == SOURCE]
        if not params.context.diagnostics:  # a client that leaves them out: the findings on the lines of the range
            lines = range(params.range.start.line, params.range.end.line + 1)
            ours = [(f, None) for f in self.findings_in(checked, uri) if f.line - 1 in lines or f.end_line - 1 in lines]
        if wanted(types.CodeActionKind.QuickFix):
            for finding, diagnostic in ours:
                if finding is None:
                    continue
                for index, fix in enumerate(finding.candidates):  # the fix, then the alternatives `fix --verify` would try
                    unsafe = fix.applicability == "unsafe"
                    label = f" ({fix.label})" if len(finding.candidates) > 1 and fix.label else ""
                    actions.append(self.action(
                        f"Fix {finding.code}: {_summary(finding)}{label}" + (" (unsafe fix: review it)" if unsafe else ""),
                        types.CodeActionKind.QuickFix, uri, {"fix": _key(finding), "candidate": index}, diagnostic,
                        preferred=not unsafe and index == 0,
                    ))
                actions.append(self.action(
                    f"Ignore {finding.code} on this line (# tfautofix: ignore[{finding.code}])",
                    types.CodeActionKind.QuickFix, uri, {"ignore": _key(finding)}, diagnostic,
                ))
        fixable = [f for f in checked.findings if f.fix is not None and (checked.options.unsafe_fixes or f.fix.applicability == "safe")]
        title = "Fix all tfautofix " + ("fixes (unsafe ones too, as configured)" if checked.options.unsafe_fixes else "safe fixes")
        if fixable and wanted(FIX_ALL):  # what an editor runs on save
            actions.append(self.action(title, FIX_ALL, uri, {"all": True}))
        on_finding = any(action is not None and action.kind == types.CodeActionKind.QuickFix for action in actions)
        if len(fixable) > 1 and on_finding:  # for one, its own fix is the same edit
            actions.append(self.action(title, types.CodeActionKind.QuickFix, uri, {"all": True}))
        return [action for action in actions if action is not None]

    def action(self, title, kind, uri, data, diagnostics=None, preferred=False) -> types.CodeAction | None:
        action = types.CodeAction(title, kind=kind, diagnostics=diagnostics, is_preferred=preferred or None,
                                  data={"uri": uri, **data})
        capabilities = self.client_capabilities.text_document
        resolve = capabilities and capabilities.code_action and capabilities.code_action.resolve_support
        if resolve and "edit" in resolve.properties:
            return action
        action = self.resolve(action)  # the client cannot resolve lazily: the edit now
        return action if action.edit is not None else None

    def resolve(self, action: types.CodeAction) -> types.CodeAction:
        data = action.data or {}
        uri = data.get("uri", "")
        checked, key = self.lookup(uri)
        if checked is None or checked.options is None:
            return action
        texts = None
        if data.get("all"):
            texts = fixed(checked, None)
        elif "fix" in data or "ignore" in data:
            finding = next((f for f in self.findings_in(checked, uri) if _key(f) == (data.get("fix") or data.get("ignore"))), None)
            if finding is not None and "fix" in data:
                texts = fixed(checked, finding, data.get("candidate", 0))
            elif finding is not None:
                source = self.workspace.get_text_document(uri).source if key else checked.text
                new = ignore_line(source, finding.line, finding.code)
                texts = {key: new} if new is not None else None
        if texts:
            action.edit = self.edit(checked, uri, texts)
        return action

    def hover(self, params: types.HoverParams) -> types.Hover | None:
        uri = params.text_document.uri
        checked, _ = self.lookup(uri)
        if checked is None:
            return None
        position = params.position
        docs = []
        for finding in self.findings_in(checked, uri):
            found = self.range(uri, finding)
            if (found.start.line, found.start.character) <= (position.line, position.character) <= (found.end.line, found.end.character):
                rule = rule_by_code(finding.code)
                text = f"**{rule.code} {rule.name}** (fix: {rule.fixable})\n\n{rule.summary}\n\n{rule.docs.strip()}"
                if text not in docs:
                    docs.append(text)
        if not docs:
            return None
        return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, "\n\n---\n\n".join(docs)))


def _key(finding: Finding) -> list:
    return [finding.code, finding.cell, finding.line, finding.column]


def _summary(finding: Finding) -> str:
    rule = rule_by_code(finding.code)
    return rule.summary if rule is not None else finding.name


def _path(uri: str) -> str:
    return to_fs_path(uri) or uri


def _replace(document, old: str, new: str) -> types.TextEdit:
    """One edit replacing the lines that differ (the cursor and folds elsewhere stay put);
    lines as LSP counts them (``\n``, ``\r\n``, ``\r``)."""
    a, b = source_lines(old, keepends=True), source_lines(new, keepends=True)
    start = 0
    while start < min(len(a), len(b)) and a[start] == b[start]:
        start += 1
    end = 0
    while end < min(len(a), len(b)) - start and a[-1 - end] == b[-1 - end]:
        end += 1
    first = types.Position(start, 0)
    last = types.Position(len(a) - end, 0)
    if end == 0 and a and not a[-1].endswith(("\n", "\r")):  # up to the end of a last line without a newline
        last = types.Position(len(a) - 1, document.position_codec.client_num_units(a[-1]))
    return types.TextEdit(types.Range(first, last), "".join(b[start:len(b) - end]))


def build() -> Server:
    server = Server()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: Server, params: types.DidOpenTextDocumentParams) -> None:
        ls.check(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: Server, params: types.DidChangeTextDocumentParams) -> None:
        ls.later(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: Server, params: types.DidSaveTextDocumentParams) -> None:
        if params.text_document.uri.endswith("pyproject.toml"):
            ls.recheck_all()

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: Server, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        if ls.checked.pop(uri, None) is not None:
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, []))

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_OPEN)
    def notebook_open(ls: Server, params: types.DidOpenNotebookDocumentParams) -> None:
        ls.check(params.notebook_document.uri)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
    def notebook_change(ls: Server, params: types.DidChangeNotebookDocumentParams) -> None:
        ls.later(params.notebook_document.uri)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
    def notebook_close(ls: Server, params: types.DidCloseNotebookDocumentParams) -> None:
        checked = ls.checked.pop(params.notebook_document.uri, None)
        for cell in checked.cells if checked is not None and checked.cells else ():
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(cell.uri, []))

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def watched(ls: Server, params: types.DidChangeWatchedFilesParams) -> None:
        ls.recheck_all()

    @server.feature(types.INITIALIZED)
    def initialized(ls: Server, params: types.InitializedParams) -> None:
        """Ask the client to report changes of any pyproject.toml (the configuration), if it can."""
        workspace = ls.client_capabilities.workspace
        watching = workspace and workspace.did_change_watched_files
        if watching and watching.dynamic_registration:
            ls.client_register_capability(types.RegistrationParams([types.Registration(
                "tfautofix-pyproject", types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                types.DidChangeWatchedFilesRegistrationOptions([types.FileSystemWatcher("**/pyproject.toml")]),
            )]))

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL], resolve_provider=True))
    def code_action(ls: Server, params: types.CodeActionParams) -> list[types.CodeAction]:
        return ls.actions(params)

    @server.feature(types.CODE_ACTION_RESOLVE)
    def code_action_resolve(ls: Server, action: types.CodeAction) -> types.CodeAction:
        return ls.resolve(action)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: Server, params: types.HoverParams) -> types.Hover | None:
        return ls.hover(params)

    return server


def serve() -> None:
    """Speak LSP on standard input and output until the client exits."""
    build().start_io()
