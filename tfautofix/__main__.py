from tfautofix.cli import main

main()
