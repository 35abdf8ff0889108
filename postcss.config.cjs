module.exports = {
  plugins: {
    "postcss-preset-mantine": {},
    "postcss-simple-vars": {
      variables: {
        "mantine-breakpoint-xs": "600px",
        "mantine-breakpoint-sm": "1024px",
        "mantine-breakpoint-md": "1440px",
        "mantine-breakpoint-lg": "1920px",
        "mantine-breakpoint-xl": "2560px",
      },
    },
  },
};
