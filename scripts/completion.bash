# SPDX-License-Identifier: GPL-2.0-or-later
# bash completion for initbench (installed as share/bash-completion/completions/initbench;
# bash-completion loads it on the first TAB, or source it from ~/.bashrc).
#
# It keeps no list of its own, so it cannot fall behind the binary being completed: the
# commands come from `initbench help`, a command's options from its `initbench CMD --help`
# (every --word, and each guest knob it lists as --KNOB), an option's values from the word
# after it in that text (auto|kvm|tcg offers those words, PATH files, DIR directories,
# LABEL stored labels), and labels from `initbench report --labels` (nothing when that
# fails). It needs nothing from bash-completion's helpers.

# $1: the prefix typed; the words on stdin that start with it go into COMPREPLY
_initbench_add()
{
	local w
	while IFS= read -r w; do
		[[ -n $w && $w == "$1"* ]] && COMPREPLY+=("$w")
	done
}

_initbench_files()	# $1 -f or -d, $2 the prefix typed
{
	compopt -o filenames 2>/dev/null
	_initbench_add "$2" < <(compgen "$1" -- "$2")
}

_initbench_labels()	# $1 the binary, $2 the prefix typed, $3 a --results DIR if one was given
{
	local out
	out=$("$1" report --labels ${3:+--results "$3"} 2>/dev/null) || return 0
	_initbench_add "$2" <<< "$out"
}

# the options a command's help names: --words (not the --KNOB placeholder), and the words
# listed after "guest knobs", on its line or the next one
_initbench_options()
{
	awk '/guest knobs/ {
		k = $0; sub(/^[^:]*:/, "", k)
		if (k !~ /[a-z]/ && (getline k) <= 0) k = ""
		n = split(k, w, " "); for (i = 1; i <= n; i++) print "--" w[i]
		next
	}
	{
		s = $0
		while (match(s, /--[a-z][a-z0-9_-]*/)) {
			print substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
		}
	}' | sort -u
}

_initbench()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev='' prog=${COMP_WORDS[0]} cmd='' results='' help spec i
	local alt alts
	COMPREPLY=()
	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		--results) results=${COMP_WORDS[i + 1]} ;;
		-*) ;;
		*) [[ -z $cmd ]] && cmd=${COMP_WORDS[i]} ;;
		esac
	done
	# the words are as typed: a leading ~/ is not expanded yet
	prog=${prog/#\~\//$HOME/} results=${results/#\~\//$HOME/}
	if [[ -z $cmd ]]; then
		_initbench_add "$cur" < <("$prog" help 2>/dev/null | sed -n 's/^  \([a-z][a-z0-9-]*\) .*/\1/p')
		return 0
	fi
	# a command that refuses --help still prints its usage (on stderr)
	help=$("$prog" "$cmd" --help 2>&1 < /dev/null)

	# the value of an option: what its help shows after it, up to ] or a space
	if [[ $prev == --* ]]; then
		spec=$(grep -o -e "$prev [^] )]*" <<< "$help" | head -n 1)
		spec=${spec#"$prev "}
		if [[ -n $spec ]]; then
			IFS='|' read -r -a alts <<< "$spec"
			for alt in "${alts[@]}"; do
				case $alt in
				*DIR*) _initbench_files -d "$cur" ;;
				*PATH* | *FILE* | *LOG* | *OUT* | *JSON*) _initbench_files -f "$cur" ;;
				LABEL* | NAME) [[ $alt == LABEL* || $prev == --label ]] &&
					_initbench_labels "$prog" "$cur" "$results" ;;
				[a-z]*) [[ $alt =~ ^[a-z0-9_-]+$ ]] && _initbench_add "$cur" <<< "$alt" ;;
				esac
			done
			return 0
		fi
	fi

	if [[ $cur == -* ]]; then
		_initbench_add "$cur" < <(_initbench_options <<< "$help")
	elif [[ $help == *LABEL* ]]; then
		_initbench_labels "$prog" "$cur" "$results"
	else
		_initbench_files -f "$cur"
	fi
	return 0
}

complete -F _initbench initbench
