;;; eglot-harness.el --- drive the eglot configuration of docs/editors.md as a user would  -*- lexical-binding: t -*-

;; Loaded by test/clients/emacs.test.ts with `-l' after Emacs's own start-up has activated Debian's elpa packages and
;; loaded that page's block as init.el.  Emacs runs in batch, where there is no command loop: nothing runs
;; `post-command-hook' (eglot-ensure connects from there, flymake starts from there) and idle timers never
;; fire.  So each user action goes through `platlint-command', which does what the command loop does around
;; a key the user typed, and `save-buffer' sends the edited text as it does in a real session.
;;
;; The answers go to the JSON file named by PLATLINT_EMACS_OUT; test/clients/emacs.test.ts asserts them.  Positions
;; are Emacs's: 1-based lines, 0-based character offsets in the line (one character per code point).

(require 'cl-lib)
(require 'json)

(defvar platlint-report nil "Alist written as JSON at the end.")
(defvar platlint-steps nil "The steps done, in order.")
(defvar platlint-choices nil "The candidates of the last `completing-read', as the user would see them.")

(defun platlint-put (key value)
  (setf (alist-get key platlint-report) value))

(defun platlint-step (name)
  (push name platlint-steps))

(defun platlint-command (command &rest args)
  "Run COMMAND as if the user typed its key: pre/post-command hooks around it.
With ARGS, call it with them (what its interactive form would have read); else `call-interactively'."
  ;; the command loop runs each command in the selected window's buffer
  (set-buffer (window-buffer))
  (setq this-command command)
  (run-hooks 'pre-command-hook)
  ;; a keyboard event, so that eglot asks in the minibuffer (from stdin) instead of a popup menu
  (let ((last-nonmenu-event ?\r))
    (if args (apply #'funcall-interactively command args) (call-interactively command)))
  (run-hooks 'post-command-hook)
  (setq last-command this-command
        this-command nil)
  (set-buffer (window-buffer)))

(defun platlint-wait (what predicate seconds)
  "Let processes and timers run until PREDICATE holds; give up after SECONDS with WHAT as the error."
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.02))
    (unless (funcall predicate)
      (error "%s within %s s" what seconds))))

(defun platlint-position (pos)
  (save-excursion
    (goto-char pos)
    (list (line-number-at-pos) (- pos (line-beginning-position)))))

(defun platlint-diagnostics ()
  "Flymake's diagnostics of the buffer, sorted by position, with the LSP code eglot kept."
  (let ((list (cl-sort (copy-sequence (flymake-diagnostics)) #'< :key #'flymake-diagnostic-beg)))
    (vconcat
     (mapcar (lambda (d)
               (let ((lsp (cdr (assoc 'eglot-lsp-diag (flymake-diagnostic-data d))))
                     (beg (platlint-position (flymake-diagnostic-beg d)))
                     (end (platlint-position (flymake-diagnostic-end d))))
                 `((line . ,(nth 0 beg)) (column . ,(nth 1 beg))
                   (endLine . ,(nth 0 end)) (endColumn . ,(nth 1 end))
                   (type . ,(symbol-name (flymake-diagnostic-type d)))
                   (code . ,(plist-get lsp :code))
                   (text . ,(flymake-diagnostic-text d)))))
             list))))

(defun platlint-candidates ()
  "The candidates listed in *Completions*, in order."
  (let ((buffer (get-buffer "*Completions*")) list)
    (unless buffer (error "no *Completions* buffer"))
    (with-current-buffer buffer
      (goto-char (point-min))
      (while (progn (next-completion 1) (and (not (eobp)) (not (member (platlint-candidate) list))))
        (push (platlint-candidate) list)))
    (vconcat (nreverse list))))

(defun platlint-candidate ()
  (get-text-property (point) 'completion--string))

(defun platlint-choose (candidate)
  "Go to *Completions* (M-v), move to CANDIDATE (right arrow) and take it (RET)."
  (platlint-command #'switch-to-completions)
  (while (and (not (equal (platlint-candidate) candidate)) (not (eobp)))
    (platlint-command #'next-completion 1))
  (unless (equal (platlint-candidate) candidate) (error "%s is not in *Completions*" candidate))
  (platlint-command #'choose-completion))

(defun platlint-goto (line column)
  "Move point as the user would (`goto-line', then right)."
  (platlint-command #'goto-line line)
  (platlint-command #'forward-char column))

(defun platlint-run ()
  ;; without them the block quietly does nothing: say what is missing
  (unless (locate-library "eglot") (error "eglot is not installed (.ci/run installs Debian's elpa-eglot)"))
  (unless (locate-library "yaml-mode") (error "yaml-mode is not installed (.ci/run installs Debian's elpa-yaml-mode)"))
  (platlint-step "started")
  (platlint-put 'emacs emacs-version)
  (platlint-put 'eglot (package-version-join (package-desc-version (cadr (assq 'eglot package-alist)))))
  ;; C-x C-f: visiting the file turns on yaml-mode, whose hook (the block) asks eglot to connect when the
  ;; command ends
  (platlint-command #'find-file (getenv "PLATLINT_EMACS_FILE"))
  (platlint-put 'mode (symbol-name major-mode))
  (platlint-wait "no eglot connection" (lambda () (bound-and-true-p eglot--managed-mode)) 15)
  (let ((server (eglot-current-server)))
    (platlint-put 'server (plist-get (eglot--server-info server) :name))
    (platlint-put 'command (process-command (jsonrpc--process server))))
  ;; flymake starts after the next command, as in a session: the user moves to the key `level' (line 6)
  (platlint-goto 6 4)
  (platlint-wait "no diagnostics" (lambda () (flymake-diagnostics)) 15)
  (platlint-put 'diagnostics (platlint-diagnostics))
  (platlint-step "diagnostics")

  ;; M-x eldoc on `level': eglot's hover, shown in the echo area and in the *eldoc* buffer (C-h .)
  (platlint-command #'eldoc)
  (platlint-wait "no hover" (lambda () (and (buffer-live-p eldoc--doc-buffer)
                                             (> (buffer-size eldoc--doc-buffer) 0)))
                 15)
  (platlint-put 'hover (with-current-buffer eldoc--doc-buffer (buffer-string)))
  (platlint-step "hover")

  ;; M-x eglot-code-actions on the wrong value `metadata': the minibuffer offers the actions with the
  ;; preferred one as default, and the user's RET (on stdin) takes it
  (platlint-goto 6 11)
  (let ((shown (flymake-diagnostics))
        (completing-read-function
         (lambda (prompt collection &rest rest)
           (setq platlint-choices (all-completions "" collection))
           (platlint-put 'prompt prompt)
           (apply #'completing-read-default prompt collection rest))))
    (platlint-command #'eglot-code-actions)
    (platlint-put 'actions (vconcat platlint-choices))
    (platlint-put 'fixed (buffer-substring-no-properties (line-beginning-position) (line-end-position)))
    ;; C-x C-s: eglot sends the change and the save; the server lints the new text
    (platlint-command #'save-buffer)
    (platlint-step "fixed")
    ;; eglot makes new flymake diagnostics for each report of the server; the old ones may linger (the fixed
    ;; one's highlight vanished with its text, the others stay until the new report)
    (platlint-wait "no new diagnostics after the fix"
                   (lambda () (let ((now (flymake-diagnostics)))
                                (and now (not (cl-some (lambda (d) (memq d shown)) now)))))
                   15))
  (platlint-put 'after (platlint-diagnostics))
  (platlint-step "after")

  ;; completion in a new file (C-x C-f new.yaml): M-x completion-at-point lists the candidates in *Completions*;
  ;; the user goes there (M-v), to the apiVersion/kind pair of the audit Policy, and takes it (RET)
  (platlint-command #'find-file (expand-file-name "new.yaml" (file-name-directory (getenv "PLATLINT_EMACS_FILE"))))
  (platlint-wait "no eglot connection for the new file" (lambda () (bound-and-true-p eglot--managed-mode)) 15)
  (platlint-command #'completion-at-point)
  (platlint-put 'candidates (platlint-candidates))
  (platlint-choose "audit.plat.io/v1 Policy")
  (platlint-put 'completed (buffer-string))
  ;; RET, then M-x completion-at-point: `kind' is the one key left, inserted at once; again: the kinds of
  ;; that apiVersion, and the user takes Policy
  (platlint-command #'newline)
  (platlint-command #'completion-at-point)
  (platlint-command #'completion-at-point)
  (platlint-put 'kinds (platlint-candidates))
  (platlint-choose "Policy")
  (platlint-put 'written (buffer-string))
  (platlint-step "completion")
  ;; what the server wrote on stderr in the whole session (M-x eglot-stderr-buffer)
  (platlint-put 'serverStderr (with-current-buffer (jsonrpc-stderr-buffer (eglot-current-server))
                                (buffer-string))))

(defun platlint-finish ()
  (platlint-put 'steps (vconcat (reverse platlint-steps)))
  (with-temp-file (getenv "PLATLINT_EMACS_OUT")
    (insert (json-encode platlint-report))))

(condition-case err
    (platlint-run)
  (error (platlint-put 'error (error-message-string err))
         ;; what went over the wire, for the test's failure message
         (ignore-errors
           (platlint-put 'events (with-current-buffer (jsonrpc-events-buffer (eglot-current-server))
                                   (buffer-string))))))
(platlint-finish)
(ignore-errors (eglot-shutdown (eglot-current-server)))
(kill-emacs 0)

;;; eglot-harness.el ends here
