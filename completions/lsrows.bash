# bash completion for lsrows.                        -*- shell-script -*-
# Installed by `make install` as share/bash-completion/completions/lsrows.

_lsrows() {
    local cur prev words cword
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}

    # bash splits --sort=WORD at '=' (COMP_WORDBREAKS): --sort, =, WORD.
    local option="" prefix=""
    if [[ $prev == "=" && $COMP_CWORD -ge 2 ]]; then
        option=${COMP_WORDS[COMP_CWORD-2]}
    elif [[ $cur == --*=* ]]; then
        # '=' is not a word break here: the value comes with its option.
        option=${cur%%=*}
        prefix="$option="
        cur=${cur#*=}
    elif [[ $prev == --sort || $prev == --time || $prev == --format || $prev == --type \
        || $prev == --quoting-style || $prev == --files0-from || $prev == --max-depth
        || $prev == --min-depth || $prev == --prune || $prev == --prune-where || $prev == --where
        || $prev == --sort-by
        || $prev == --ignore || $prev == --hide || $prev == --block-size || $prev == --time-style
        || $prev == --indicator-style || $prev == --tabsize || $prev == --width || $prev == -I
        || $prev == -T || $prev == -w ]]; then
        option=$prev
    fi

    case $option in
        --sort)
            COMPREPLY=($(compgen -W "name none size time extension version width" -- "$cur")) ;;
        --time)
            COMPREPLY=($(compgen -W "mtime modification atime access use ctime status birth creation" -- "$cur")) ;;
        --time-style)
            COMPREPLY=($(compgen -W "long-iso full-iso iso locale +" -- "$cur")) ;;
        --indicator-style)
            COMPREPLY=($(compgen -W "none slash file-type classify" -- "$cur")) ;;
        --block-size)
            COMPREPLY=($(compgen -W "K M G KB MB GB KiB MiB GiB human-readable si" -- "$cur")) ;;
        --color|--classify|--hyperlink)
            COMPREPLY=($(compgen -W "always yes force never no none auto tty if-tty" -- "$cur")) ;;
        --quoting-style)
            COMPREPLY=($(compgen -W "literal locale shell shell-always shell-escape shell-escape-always c c-maybe escape clocale" -- "$cur")) ;;
        --type)
            COMPREPLY=($(compgen -W "f d l p s b c" -- "${cur##*,}")) ;;
        --files0-from)
            COMPREPLY=($(compgen -f -- "$cur"))
            ;;
        --format)
            COMPREPLY=($(compgen -W "{name} {path} {type} {size} {mode} {perms} {links} {uid} {gid} {user} {group} {mtime} {atime} {ctime} {mtime_epoch} {inode} {target} {ext} {depth} {btime} {blocks} {dev} {parent} {stem} {entries} {tree_size} {tree_blocks} {tree_entries} {tree_mtime}" -- "$cur")) ;;
        --sort-by)
            local prefix_fields="${cur%,*}"
            [[ $prefix_fields == "$cur" ]] && prefix_fields="" || prefix_fields="$prefix_fields,"
            COMPREPLY=($(compgen -P "$prefix_fields" -W "name path type size mode perms links uid gid user group mtime atime ctime mtime_epoch inode target ext depth btime blocks dev parent stem entries tree_size tree_blocks tree_entries tree_mtime -name -path -type -size -mode -perms -links -uid -gid -user -group -mtime -atime -ctime -mtime_epoch -inode -target -ext -depth -btime -blocks -dev -parent -stem -entries -tree_size -tree_blocks -tree_entries -tree_mtime" -- "${cur##*,}")) ;;
        --where)
            COMPREPLY=($(compgen -W "name path type size mode perms links uid gid user group mtime atime ctime mtime_epoch inode target ext depth btime blocks dev parent stem entries tree_size tree_blocks tree_entries tree_mtime" -- "$cur")) ;;
        --max-depth|--min-depth|--prune|--prune-where|--ignore|--hide|--tabsize|--width|-I|-T|-w)
            return ;;
    esac
    if [[ -n $option ]]; then
        [[ -n $prefix ]] && COMPREPLY=("${COMPREPLY[@]/#/$prefix}")
        return
    fi

    if [[ $cur == -* ]]; then
        local options="--all --almost-all --directory --ignore= --hide= --ignore-backups
            --recursive --max-depth= --dereference --dereference-command-line
            --dereference-command-line-symlink-to-dir
            --min-depth= --prune= --prune-where= --one-file-system --gitignore --where= --sort-by= --limit= --sort-memory=
            --type= --files0-from= --reverse --sort= --group-directories-first
            --numeric-uid-gid --no-group --author --human-readable --si --block-size= --kibibytes
            --inode --size --context --time= --time-style= --full-time
            --classify --classify= --file-type --indicator-style= --hyperlink --hyperlink=
            --format= --json --csv --fields= --null --zero --tabsize= --width= --dired
            --quoting-style= --literal --escape --quote-name
            --hide-control-chars --show-control-chars --color --color= --help --version
            -a -A -d -I -B -f -R -L -H -r -S -t -X -v -U -l -g -o -G -n -h -k -i -s -Z -c -u
            -F -p -N -b -Q -q -0 -1 -T -w -C -x -m -D"
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
        # An option that takes a value: no space after its '='.
        if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]]; then
            compopt -o nospace 2>/dev/null
        fi
        return
    fi
    COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _lsrows lsrows
