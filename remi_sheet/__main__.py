from remi_sheet.cli import main

main()
