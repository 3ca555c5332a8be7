# zsh_complete.zsh LINE [FPATH_DIR]: the candidates zsh's own completion
# system offers when Tab is pressed after LINE, one per line.
#
# It drives an interactive zsh in a pseudo-terminal (zsh/zpty), as a user
# would, with compinit loaded from FPATH_DIR (if given) and the default
# fpath. compadd is wrapped to print what each completion function adds,
# and a post-completion hook prints a marker and exits. The markers are
# split in the typed text ("END""MARK") so the echo of the typed line
# cannot match them.
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "unset zle_bracketed_paste; bindkey '^I' complete-word; PROMPT=''; fpath=(${2:-} \$fpath); autoload -Uz compinit; compinit -u"
zpty -w z "zstyle ':completion:*' list-grouped false; zstyle ':completion:*' insert-tab false"
zpty -w z 'compadd () { if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi; typeset -a __hits; builtin compadd -A __hits "$@"; local h; for h in $__hits; do print -r -- "HI""T:$IPREFIX$h"; done; }'
zpty -w z 'comppostfuncs=(__done); __done() { print -r -- "END""MARK"; exit }'
zpty -w z "$1"$'\t'
local out
zpty -r z out "*ENDMARK*"
local -a lines
lines=("${(@f)out//$'\r'/}")
print -rl -- "${(@)${(@M)lines:#*HIT:*}##*HIT:}"
zpty -d z
